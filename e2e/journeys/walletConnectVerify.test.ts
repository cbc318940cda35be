import type { Page } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { requestDappConnection } from '../support/connectToDapp'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import { signInWithCoin } from '../support/signInWithCoin'
import { startWalletConnectDapp } from '../support/startWalletConnectDapp'
import { readHeaderAddress } from '../support/walletSteps'

setUpJourney()

/** Everything the page's console says about its Content Security Policy, from now on. */
function collectPolicyMessages(page: Page): string[] {
  const messages: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (connect|load|frame)/i.test(message.text()))
      messages.push(message.text())
  })
  return messages
}

describe('WalletConnect Verify, permissions and fees', () => {
  it("shows the app's domain with Verify's status, its permissions in words and the fee of its transaction", async () => {
    const dapp = await startWalletConnectDapp(world.devnet.urls.relay)
    onTestFinished(() => dapp.close())
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const wallet = await context.newPage()
    const blocked = collectPolicyMessages(wallet)
    const address = await signInWithCoin(wallet, world, 'verify-first@example.com', '0.1')

    const app = await (await browser.newContext()).newPage()
    const proposal = await requestDappConnection(wallet, app, dapp.url)
    // The domain, and what Verify said of it: the devnet is offline, so it could not confirm it, and
    // the wallet says so instead of presenting the app's own URL as fact.
    const host = new URL(dapp.url).host
    await proposal.getByText(host, { exact: true }).waitFor()
    await proposal.getByText('Not verified', { exact: true }).waitFor()
    await proposal
      .getByText('the website above is what the app says about itself', { exact: false })
      .waitFor()
    expect(await proposal.textContent()).not.toContain(dapp.url)
    // Permissions in words, not method names.
    await proposal
      .getByText('See your address and ask for signatures and transactions on Satchel Devnet')
      .waitFor()
    expect(await proposal.textContent()).not.toContain('eth_sendTransaction')
    await saveScreenshot(wallet, 'walletconnect-verify', 'proposal')
    expect(await checkAccessibility(wallet)).toEqual([])
    await proposal.getByRole('button', { name: 'Approve' }).click()
    await app.getByText(`Connected: ${address} (Satchel Wallet)`).waitFor({ timeout: 30_000 })

    // The app's transaction shows its network fee, measured by the check's simulation.
    await app.getByRole('button', { name: 'Send a transaction' }).click()
    const request = wallet.locator('.connections__request')
    await request.getByText('Test dApp asks you to approve a transaction').waitFor({ timeout: 30_000 })
    await request.getByText('Not verified', { exact: true }).waitFor()
    const fee = request.locator('dt', { hasText: 'Network fee' }).locator('xpath=following-sibling::dd[1]')
    await expect.poll(() => fee.textContent(), { timeout: 30_000 }).toMatch(/^0\.\d+ ETH$/)
    await saveScreenshot(wallet, 'walletconnect-verify', 'transaction-fee')
    expect(await checkAccessibility(wallet)).toEqual([])
    await request.getByRole('button', { name: 'Reject' }).click()
    await app.getByText(/^Refused \(5000\)/).waitFor({ timeout: 30_000 })

    // Loads with a connected app start WalletConnect (Verify included): nothing is refused by the
    // wallet's Content Security Policy.
    await wallet.reload()
    await readHeaderAddress(wallet)
    await wallet.waitForTimeout(3000)
    expect(blocked).toEqual([])
    await context.close()
  })
})
