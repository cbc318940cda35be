import { LOCAL_CHAIN_ID } from '@satchel/core'
import { fundAccount } from '@satchel/devchain'
import type { Page } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { requestDappConnection } from '../support/connectToDapp'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import { signInWithCoin } from '../support/signInWithCoin'
import { startWalletConnectDapp } from '../support/startWalletConnectDapp'
import { openScreen, signInWithEmail } from '../support/walletSteps'

setUpJourney()

const EMAIL = 'ledger-reader@example.com'

/** The activity lines' first lines, top to bottom. */
async function readActivity(page: Page): Promise<string[]> {
  const lines = page.getByRole('list', { name: 'Transactions' }).locator('summary .activity__title')
  return (await lines.allTextContents()).map((line) => line.replace(/\s+/g, ' ').trim())
}

describe('activity built from the chain and the server', () => {
  it('lists coin and USDC received from another wallet and an app-sent transaction, dated and in order, on every device', async () => {
    const dapp = await startWalletConnectDapp(world.devnet.urls.relay)
    onTestFinished(() => dapp.close())
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const wallet = await context.newPage()
    // Another wallet (the devnet's treasury) sends coin, then USDC: read from the blocks and the logs.
    const address = await signInWithCoin(wallet, world, EMAIL, '0.25')
    const rpcUrl = world.devnet.urls.chains[LOCAL_CHAIN_ID] ?? ''
    await fundAccount({ rpcUrl, chainId: LOCAL_CHAIN_ID, to: address, asset: 'USDC', amount: 12_500_000n })

    // An app connected over WalletConnect sends a transaction through the wallet.
    const app = await (await browser.newContext()).newPage()
    const proposal = await requestDappConnection(wallet, app, dapp.url)
    await proposal.getByRole('button', { name: 'Approve' }).click()
    await app.getByText(`Connected: ${address} (Satchel Wallet)`).waitFor({ timeout: 30_000 })
    await app.getByRole('button', { name: 'Send a transaction' }).click()
    const request = wallet.locator('.connections__request')
    await request.getByRole('button', { name: 'Approve and send' }).click({ timeout: 30_000 })
    await wallet.getByText('Approved: your wallet answered Test dApp.').waitFor({ timeout: 30_000 })

    await openScreen(wallet, 'Home')
    await expect
      .poll(() => readActivity(wallet), { timeout: 30_000 })
      .toEqual(['App transaction', 'Received 12.5 USDC', 'Received 0.25 ETH'])
    // Every line is dated and confirmed once mined.
    const summaries = wallet.getByRole('list', { name: 'Transactions' }).locator('summary')
    await expect.poll(() => summaries.filter({ hasText: 'Confirmed' }).count(), { timeout: 30_000 }).toBe(3)
    for (const text of await summaries.allTextContents()) expect(text).toMatch(/\d{4}/)
    await saveScreenshot(wallet, 'activity', 'list')
    expect(await checkAccessibility(wallet)).toEqual([])

    // The USDC line opens to its detail: amount, the sender in full, fee, status, hash.
    await summaries.filter({ hasText: 'Received 12.5 USDC' }).click()
    const detail = wallet.locator('details[open] .activity__detail')
    await detail.waitFor()
    const text = (await detail.textContent()) ?? ''
    expect(text).toContain('12.5 USDC')
    expect(text).toMatch(/From0x[0-9a-fA-F]{40}/)
    expect(text).toMatch(/Network fee0\.\d+ ETH \(paid by the sender\)/)
    expect(text).toMatch(/StatusConfirmed in block \d+/)
    expect(text).toMatch(/Transaction0x[0-9a-f]{64}/)
    // The devnet has no public explorer, and the detail says so rather than linking nowhere.
    expect(text).toContain('This network has no public explorer')
    await saveScreenshot(wallet, 'activity', 'detail')
    expect(await checkAccessibility(wallet)).toEqual([])

    // A second device: the same list, from the chain and the server, not from this browser's storage.
    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const desktop = await other.newPage()
    await signInWithEmail(desktop, world, EMAIL)
    await expect
      .poll(() => readActivity(desktop), { timeout: 30_000 })
      .toEqual(['App transaction', 'Received 12.5 USDC', 'Received 0.25 ETH'])
    await saveScreenshot(desktop, 'activity', 'second-device')
    await other.close()
    await context.close()
  })
})
