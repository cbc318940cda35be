import type { Locator, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { findOverflow } from '../support/findOverflow'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import { startWalletConnectDapp, type WalletConnectDapp } from '../support/startWalletConnectDapp'
import { openScreen, readHeaderAddress, signInWithEmail } from '../support/walletSteps'

let dapp: WalletConnectDapp
setUpJourney()
beforeAll(async () => {
  dapp = await startWalletConnectDapp(world.devnet.urls.relay)
})
afterAll(async () => {
  await dapp?.close()
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
    // Someone who has never connected an app loads nothing of WalletConnect on Home.
    expect(await loadedScripts(wallet)).not.toContainEqual(expect.stringMatching(/WalletConnectActivity/))
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
    // The clipboard is read asynchronously: the field fills a moment after the click.
    await expect.poll(() => link.inputValue()).toBe(uri)
    await link.press('Enter')
    const proposal = wallet.getByRole('region', { name: 'Connection request' })
    await proposal.getByRole('heading', { name: 'Test dApp' }).waitFor({ timeout: 30_000 })
    expect(await proposal.textContent()).toContain(new URL(dapp.url).host)
    await proposal.getByText('Satchel Devnet', { exact: true }).waitFor()
    await proposal
      .getByText('See your address and ask for signatures and transactions on Satchel Devnet')
      .waitFor()
    await saveScreenshot(wallet, 'walletconnect', 'proposal')
    expect(await checkAccessibility(wallet)).toEqual([])
    await wallet.keyboard.press('Tab')
    expect(await wallet.evaluate(() => document.activeElement?.textContent)).toBe('Approve')
    await wallet.keyboard.press('Enter')

    await app.getByText(`Connected: ${address} (Satchel Wallet)`).waitFor({ timeout: 30_000 })
    await wallet.getByRole('button', { name: 'Disconnect Test dApp' }).waitFor()
    await saveScreenshot(wallet, 'walletconnect', 'connected')
    expect(await checkAccessibility(wallet)).toEqual([])

    // The person goes back to Home. A request that arrives there is counted on the Connections item
    // and announced politely; following the badge leads to it.
    await openScreen(wallet, 'Home')
    const connectionsLink = wallet
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Connections', exact: true })
    const badge = connectionsLink.locator('.nav-badge')
    const announcement = wallet.getByRole('status').filter({ hasText: 'asks you to sign' })
    expect(await badge.count()).toBe(0)
    await app.getByRole('button', { name: 'Sign a message' }).click()
    await badge.waitFor({ timeout: 30_000 })
    expect(await badge.textContent()).toBe('1')
    // On the phone-sized screen the badge sits on the bottom tab bar, in view.
    await expect
      .poll(async () => (await badge.boundingBox())?.x ?? Number.POSITIVE_INFINITY)
      .toBeLessThan(390 - 20)
    expect(await readDescription(connectionsLink)).toBe('1 request from an app is waiting')
    expect(await announcement.textContent()).toBe('Test dApp asks you to sign')
    await saveScreenshot(wallet, 'walletconnect', 'request-on-home')
    expect(await checkAccessibility(wallet)).toEqual([])
    await connectionsLink.click()

    // On Connections the wallet shows the message as text, with the focus; the user approves.
    const request = wallet.locator('.connections__request')
    await request.getByText('Hello from the test dApp').waitFor({ timeout: 30_000 })
    expect(await request.textContent()).toContain('Test dApp asks you to sign a message on Satchel Devnet')
    expect(await announcement.count()).toBe(0)
    await saveScreenshot(wallet, 'walletconnect', 'request')
    expect(await checkAccessibility(wallet)).toEqual([])
    await expect
      .poll(() => wallet.evaluate(() => document.activeElement?.textContent))
      .toBe('Test dApp asks you to sign a message on Satchel Devnet.')
    await wallet.keyboard.press('Tab')
    expect(await wallet.evaluate(() => document.activeElement?.textContent)).toBe('Approve')
    await wallet.keyboard.press('Enter')
    await wallet.getByText('Approved: your wallet answered Test dApp.').waitFor()
    await badge.waitFor({ state: 'detached' })

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

    // An unlimited USDC permit is read out in words, not as JSON with a 78-digit number: who may
    // spend, how much, and a danger notice; Approve waits for an explicit acknowledgement.
    await openScreen(wallet, 'Connections')
    await app.getByRole('button', { name: 'Ask for a USDC permit' }).click()
    await request.getByText('Test dApp asks you to sign data on Satchel Devnet').waitFor({ timeout: 30_000 })
    await request.getByText('Danger: this gives away an unlimited allowance.').waitFor()
    expect(await request.locator('.send__changes').textContent()).toContain(
      'Allow 0x000000000000000000000000000000000000dEaD to spend an unlimited amount of USDC',
    )
    expect(await request.textContent()).not.toContain(
      '115792089237316195423570985008687907853269984665640564039457584007913129639935',
    )
    const approvePermit = request.getByRole('button', { name: 'Approve' })
    expect(await approvePermit.isDisabled()).toBe(true)
    await request
      .getByLabel('I understand this request looks dangerous and want to approve it anyway')
      .check()
    expect(await approvePermit.isDisabled()).toBe(false)
    await saveScreenshot(wallet, 'walletconnect', 'unlimited-permit')
    expect(await checkAccessibility(wallet)).toEqual([])
    await request.getByRole('button', { name: 'Reject' }).click()
    await app.getByText(/^Refused \(5000\)/).waitFor({ timeout: 30_000 })

    // The same allowance asked for as an approve transaction reads the same way.
    await app.getByRole('button', { name: 'Ask for an unlimited approve' }).click()
    await request
      .getByText('Test dApp asks you to approve a transaction on Satchel Devnet')
      .waitFor({ timeout: 30_000 })
    await request.getByText('Danger: this gives away an unlimited allowance.').waitFor()
    expect(await request.locator('.send__changes').first().textContent()).toContain(
      'Allow 0x000000000000000000000000000000000000dEaD to spend an unlimited amount of USDC',
    )
    expect(await request.getByRole('button', { name: 'Approve and send' }).isDisabled()).toBe(true)
    await saveScreenshot(wallet, 'walletconnect', 'unlimited-approve')
    // A danger request with a long address fits every width: it wraps instead of widening the page.
    for (const width of [320, 360, 390, 768, 1440])
      expect({ width, overflow: await findOverflow(wallet, width) }).toEqual({ width, overflow: [] })
    await wallet.setViewportSize({ width: 390, height: 844 })
    await request.getByRole('button', { name: 'Reject' }).click()
    await app.getByText(/^Refused \(5000\)/).waitFor({ timeout: 30_000 })

    // A reload keeps the connection: on Home, the wallet role starts by itself (the person never opens
    // Connections) and the app's next request, a transaction, is announced there.
    await openScreen(wallet, 'Home')
    await wallet.reload()
    await readHeaderAddress(wallet)
    const scanned = wallet.waitForRequest(
      (sent) => sent.method() === 'POST' && sent.url().endsWith('/api/v1/scan/transaction'),
      { timeout: 60_000 },
    )
    await app.getByRole('button', { name: 'Send a transaction' }).click()
    await badge.waitFor({ timeout: 30_000 })
    expect(await badge.textContent()).toBe('1')
    expect(await announcement.textContent()).toBe('Test dApp asks you to sign')
    await wallet.getByRole('link', { name: 'Review in Connections' }).click()
    await wallet.getByRole('heading', { level: 1, name: 'Connections' }).waitFor()
    // The connected app is still listed, and its request is there to answer.
    await wallet.getByRole('button', { name: 'Disconnect Test dApp' }).waitFor({ timeout: 30_000 })
    await request
      .getByText('Test dApp asks you to approve a transaction on Satchel Devnet')
      .waitFor({ timeout: 30_000 })
    // The scan is asked about the app's site, not the wallet's own.
    const scanBody: unknown = (await scanned).postDataJSON()
    expect(scanBody).toMatchObject({ metadata: { domain: new URL(dapp.url).host } })
    expect(new URL(dapp.url).host).not.toBe(new URL(world.walletUrl).host)

    // Declined: the app hears user rejected.
    await request.getByRole('button', { name: 'Reject' }).click({ timeout: 30_000 })
    await app.getByText(/^Refused \(5000\)/).waitFor({ timeout: 30_000 })
    await badge.waitFor({ state: 'detached' })

    // Disconnecting in the wallet reaches the app at once.
    await wallet.getByRole('button', { name: 'Disconnect Test dApp' }).click()
    await app.getByText('Disconnected', { exact: true }).waitFor({ timeout: 30_000 })
    await wallet.getByText('No connected apps').waitFor()

    // With no app connected any more, the next visit loads nothing of WalletConnect again.
    await openScreen(wallet, 'Home')
    await wallet.reload()
    await readHeaderAddress(wallet)
    expect(await loadedScripts(wallet)).not.toContainEqual(expect.stringMatching(/WalletConnectActivity/))
  })
})

/** The accessible description an element gets from `aria-describedby`. */
function readDescription(element: Locator): Promise<string> {
  return element.evaluate((node) =>
    (node.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  )
}

/** The scripts the page has loaded so far. */
function loadedScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  )
}
