import type { Browser } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { launchBrowser } from '../support/launchBrowser'
import { saveScreenshot } from '../support/saveScreenshot'
import { type JourneyDevnet, startJourneyDevnet } from '../support/startJourneyDevnet'
import { startWalletConnectDapp, type WalletConnectDapp } from '../support/startWalletConnectDapp'
import { openScreen, signInWithEmail } from '../support/walletSteps'

let world: JourneyDevnet
let browser: Browser
let dapp: WalletConnectDapp
beforeAll(async () => {
  ;[world, browser] = await Promise.all([startJourneyDevnet(), launchBrowser()])
  dapp = await startWalletConnectDapp(world.devnet.urls.relay)
})
afterAll(async () => {
  await dapp?.close()
  await browser?.close()
  await world?.stop()
})

describe('the wallet connects to another app over WalletConnect', () => {
  it('pairs from a pasted link, approves the app, signs its message, and disconnects', async () => {
    // A phone-sized wallet beside the app, each in its own browser profile and origin.
    const walletContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })
    await walletContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: world.devnet.urls.api,
    })
    const wallet = await walletContext.newPage()
    const app = await (await browser.newContext()).newPage()

    const address = await signInWithEmail(wallet, world, 'wc@example.com')
    await openScreen(wallet, 'Connections')
    await wallet.getByText('No connected apps').waitFor({ timeout: 30_000 })

    // A link that is not one is refused in words before anything connects.
    const link = wallet.getByLabel('WalletConnect link')
    await link.fill('https://example.com/not-a-link')
    await wallet.getByRole('button', { name: 'Connect', exact: true }).click()
    await wallet.getByText('This is not a WalletConnect link: it should start with wc:').waitFor()
    expect(await link.getAttribute('aria-invalid')).toBe('true')

    await app.goto(dapp.url)
    await app.getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 })
    await app.getByRole('button', { name: 'Connect a wallet' }).click()
    const uriOutput = app.getByLabel('WalletConnect link')
    await expect.poll(() => uriOutput.textContent(), { timeout: 30_000 }).toMatch(/^wc:/)
    const uri = (await uriOutput.textContent()) ?? ''

    // Copied in the app, pasted with the Paste button; from here on by keyboard: Enter submits the
    // link, focus moves to each card, Tab reaches Approve.
    await wallet.evaluate((text) => navigator.clipboard.writeText(text), uri)
    await wallet.getByRole('button', { name: 'Paste link' }).click()
    expect(await link.inputValue()).toBe(uri)
    await link.press('Enter')
    const proposal = wallet.getByRole('region', { name: 'Connection request' })
    await proposal.getByRole('heading', { name: 'Test dApp' }).waitFor({ timeout: 30_000 })
    expect(await proposal.textContent()).toContain(new URL(dapp.url).origin)
    await proposal.getByText('Satchel Devnet').waitFor()
    await proposal.getByText('personal_sign').waitFor()
    await saveScreenshot(wallet, 'walletconnect', 'proposal')
    expect(await checkAccessibility(wallet)).toEqual([])
    await wallet.keyboard.press('Tab')
    expect(await wallet.evaluate(() => document.activeElement?.textContent)).toBe('Approve')
    await wallet.keyboard.press('Enter')

    await app.getByText(`Connected: ${address} (Satchel Wallet)`).waitFor({ timeout: 30_000 })
    await wallet.getByRole('button', { name: 'Disconnect Test dApp' }).waitFor()
    await saveScreenshot(wallet, 'walletconnect', 'connected')
    expect(await checkAccessibility(wallet)).toEqual([])

    // The app asks for a signature: the wallet shows the message as text, the user approves.
    await app.getByRole('button', { name: 'Sign a message' }).click()
    const request = wallet.locator('.connections__request')
    await request.getByText('Hello from the test dApp').waitFor({ timeout: 30_000 })
    expect(await request.textContent()).toContain('Test dApp asks you to sign a message on Satchel Devnet')
    await saveScreenshot(wallet, 'walletconnect', 'request')
    expect(await checkAccessibility(wallet)).toEqual([])
    await wallet.keyboard.press('Tab')
    expect(await wallet.evaluate(() => document.activeElement?.textContent)).toBe('Approve')
    await wallet.keyboard.press('Enter')
    await wallet.getByText('Approved: your wallet answered Test dApp.').waitFor()

    await app.getByText('Signed', { exact: true }).waitFor({ timeout: 30_000 })
    const signature = (await app.getByLabel('Signature').textContent()) ?? ''
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(
      await verifyMessage({
        address: address as `0x${string}`,
        message: 'Hello from the test dApp',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)

    // A second request, declined: the app hears user rejected.
    await app.getByRole('button', { name: 'Sign a message' }).click()
    await request.getByRole('button', { name: 'Reject' }).click({ timeout: 30_000 })
    await app.getByText(/^Refused \(5000\)/).waitFor({ timeout: 30_000 })

    // Disconnecting in the wallet reaches the app at once.
    await wallet.getByRole('button', { name: 'Disconnect Test dApp' }).click()
    await app.getByText('Disconnected', { exact: true }).waitFor({ timeout: 30_000 })
    await wallet.getByText('No connected apps').waitFor()
  })
})
