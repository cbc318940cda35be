import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { test } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import type { JourneyDevnet } from '../support/startJourneyDevnet'
import { fundWithSandboxCard, openScreen, signInWithEmail } from '../support/walletSteps'

let world: JourneyDevnet
let browser: Browser
test.beforeAll(async ({ world: shared, browser: chromium }) => {
  world = shared
  browser = chromium
})

// The devnet's local LiteSVM cluster, standing in for Solana devnet.
const CLUSTER = 'Solana Devnet (local)'

/** The screen at desktop size, then on a phone, then back. */
async function screenshotBoth(page: Page, screen: string) {
  const size = page.viewportSize()
  await saveScreenshot(page, 'solana', `${screen}-desktop`)
  await page.setViewportSize({ width: 390, height: 844 })
  await saveScreenshot(page, 'solana', `${screen}-phone`)
  if (size) await page.setViewportSize(size)
}

/** The person's Solana address, as Receive shows it once the Solana cluster is picked. */
async function readSolanaAddress(page: Page): Promise<string> {
  await openScreen(page, 'Receive')
  await page.getByRole('group', { name: 'Chain' }).getByRole('radio', { name: CLUSTER }).check()
  await page.getByText(`Your address on ${CLUSTER}`).waitFor()
  const address = (await page.getByTestId('receive-address').textContent()) ?? ''
  expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  return address
}

/** Home's row for the local Solana cluster. */
const solanaRow = (page: Page) => page.locator('tr[data-family="solana"]')

describe('Solana in the wallet', () => {
  it('funds USDC by card on the local cluster, sends it to a friend who never held USDC, and the friend sees it; then SOL', async () => {
    // Bob signs up first and reads his Solana address from Receive (a QR code beside it).
    const bobContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const bob = await bobContext.newPage()
    const bobEvm = await signInWithEmail(bob, world, 'sol-bob@example.com')
    const bobSolana = await readSolanaAddress(bob)
    expect(await bob.getByRole('img', { name: `QR code of your address on ${CLUSTER}` }).count()).toBe(1)
    await screenshotBoth(bob, 'receive')
    expect(await checkAccessibility(bob)).toEqual([])
    await openScreen(bob, 'Home')

    // Alice buys 30 USDC and 0.05 SOL (for fees) on the local cluster with the sandbox's test card.
    const aliceContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const alice = await aliceContext.newPage()
    await signInWithEmail(alice, world, 'sol-alice@example.com')
    await fundWithSandboxCard(alice, { chain: CLUSTER, asset: 'USDC', amount: '30' })
    await fundWithSandboxCard(alice, { chain: CLUSTER, asset: 'SOL', amount: '0.05' })
    await openScreen(alice, 'Home')
    await expect.poll(() => solanaRow(alice).textContent(), { timeout: 15_000 }).toContain('30 USDC')
    expect(await solanaRow(alice).textContent()).toContain('0.05 SOL')
    await screenshotBoth(alice, 'home-funded')

    // Send on Solana: an EVM address is refused in words, and so is more than the balance.
    await openScreen(alice, 'Send')
    await alice.getByRole('group', { name: 'Chain' }).getByRole('radio', { name: CLUSTER }).check()
    await alice.getByText(`Balance: 30 USDC on ${CLUSTER}`).waitFor()
    const recipient = alice.getByLabel('Recipient address')
    const amount = alice.getByLabel('Amount (USDC)')
    await recipient.fill(bobEvm)
    await amount.fill('31')
    await alice.getByRole('button', { name: 'Review' }).click()
    await alice.getByText('This is an EVM address (0x…). On Solana, send to a Solana address').waitFor()
    await alice.getByText('That is more than your balance of 30 USDC').waitFor()
    await screenshotBoth(alice, 'send-errors')
    expect(await checkAccessibility(alice)).toEqual([])

    // Bob has never held USDC: the review says the transfer opens his USDC account, and the fee.
    await recipient.fill(bobSolana)
    await amount.fill('12.5')
    await alice.getByRole('button', { name: 'Review' }).click()
    const summary = alice.locator('.send__summary')
    await expect.poll(() => summary.textContent(), { timeout: 15_000 }).toMatch(/Network fee0\.000005 SOL/)
    expect(await summary.textContent()).toMatch(/New USDC account0\.00203928 SOL, a one-time deposit/)
    await alice.getByText(/receives 12\.5 USDC in a new USDC account/).waitFor()
    await screenshotBoth(alice, 'send-review')
    expect(await checkAccessibility(alice)).toEqual([])

    await alice.getByRole('button', { name: 'Confirm and send' }).click()
    await alice.getByRole('heading', { name: 'Sent' }).waitFor({ timeout: 30_000 })
    await alice.getByText(`12.5 USDC sent on ${CLUSTER}`).waitFor()
    await screenshotBoth(alice, 'send-status')
    expect(await checkAccessibility(alice)).toEqual([])

    // Bob's Home (open all along) picks it up by itself.
    await expect.poll(() => solanaRow(bob).textContent(), { timeout: 20_000 }).toContain('12.5 USDC')
    await expect.poll(() => bob.getByTestId('total-balance').textContent()).toContain('12.5 USDC')
    await screenshotBoth(bob, 'friend-home')
    expect(await checkAccessibility(bob)).toEqual([])

    // SOL too: 0.01 SOL to Bob, whose account already exists (his USDC account's rent came from Alice).
    await alice.getByRole('button', { name: 'Send another' }).click()
    await alice.getByRole('group', { name: 'Asset' }).getByRole('radio', { name: 'SOL' }).check()
    await alice.getByLabel('Recipient address').fill(bobSolana)
    await alice.getByLabel('Amount (SOL)').fill('0.01')
    await alice.getByRole('button', { name: 'Review' }).click()
    await alice.getByText(/receives 0\.01 SOL\. You pay 0\.010005 SOL in all/).waitFor({ timeout: 15_000 })
    await alice.getByRole('button', { name: 'Confirm and send' }).click()
    await alice.getByText(`0.01 SOL sent on ${CLUSTER}`).waitFor({ timeout: 30_000 })
    await expect.poll(() => solanaRow(bob).textContent(), { timeout: 20_000 }).toContain('0.01 SOL')

    // Alice's Home: 17.5 USDC left on Solana.
    await openScreen(alice, 'Home')
    await expect.poll(() => solanaRow(alice).textContent(), { timeout: 15_000 }).toContain('17.5 USDC')
    await aliceContext.close()
    await bobContext.close()
  })

  it('an EVM chain refuses a Solana address in words, and Settings exports the Solana key', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await signInWithEmail(page, world, 'sol-export@example.com')
    const own = await readSolanaAddress(page)
    await openScreen(page, 'Send')
    await page.getByLabel('Recipient address').fill(own)
    await page.getByLabel(/Amount/).fill('1')
    await page.getByRole('button', { name: 'Review' }).click()
    await page.getByText('This is a Solana address. On an EVM chain, send to a 0x address').waitFor()

    // A fresh sign-in counts as the recent login export asks for (no second factor enrolled).
    await openScreen(page, 'Settings')
    await page.getByRole('group', { name: 'Which wallet' }).getByRole('radio', { name: 'Solana' }).check()
    await page.getByRole('button', { name: 'Export private key' }).click()
    const secret = page.getByTestId('exported-secret')
    await secret.waitFor({ timeout: 15_000 })
    // The 64-byte secret key in base58 (about 88 characters), as Solana wallets import it.
    expect(await secret.textContent()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
    await page.getByText('Your Solana private key (shown once').waitFor()
    await page.getByRole('button', { name: 'I saved it, hide it' }).click()
    await context.close()
  })
})
