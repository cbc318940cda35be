import type { Browser, Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { test } from '../support/journeyTest'
import { saveScreenshots } from '../support/saveScreenshots'
import type { JourneyDevnet } from '../support/startJourneyDevnet'
import { fundWithSandboxCard, openScreen, signInWithEmail } from '../support/walletSteps'

// The devnet's local LiteSVM cluster, standing in for Solana devnet.
const CLUSTER = 'Solana Devnet (local)'

/** The person's Solana address, as Receive shows it once the Solana cluster is picked. */
async function readSolanaAddress(page: Page): Promise<string> {
  await openScreen(page, 'Receive')
  await page.getByRole('group', { name: 'Chain' }).getByRole('radio', { name: CLUSTER }).check()
  await page.getByText(`Your address on ${CLUSTER}`).waitFor()
  const address = (await page.getByTestId('receive-address').textContent()) ?? ''
  expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  return address
}

/** Home's token lines on the local Solana cluster (SOL and USDC), as one text. */
const solanaText = async (page: Page) =>
  (await page.locator('li.token-row[data-family="solana"]').allTextContents()).join(' ')

/** The activity line titled `title` on the local cluster, once it shows (Home polls every few seconds). */
async function activityLine(page: Page, title: string) {
  const line = page
    .getByRole('list', { name: 'Transactions' })
    .locator('.activity__item', { hasText: title })
    .filter({ hasText: CLUSTER })
  await line.first().waitFor({ timeout: 30_000 })
  return line.first()
}

/** A person signing up in a browser of their own, at desktop size; with their EVM address. */
async function signUp(browser: Browser, world: JourneyDevnet, email: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  return { context, page, evmAddress: await signInWithEmail(page, world, email) }
}

describe('Solana in the wallet', () => {
  test('funds USDC by card on the local cluster, sends it to a friend who never held USDC, and the friend sees it', async ({
    world,
    browser,
  }) => {
    // Bob signs up first and reads his Solana address from Receive (a QR code beside it).
    const {
      context: bobContext,
      page: bob,
      evmAddress: bobEvm,
    } = await signUp(browser, world, 'sol-bob@example.com')
    const bobSolana = await readSolanaAddress(bob)
    expect(await bob.getByRole('img', { name: `QR code of your address on ${CLUSTER}` }).count()).toBe(1)
    await saveScreenshots(bob, 'solana', 'receive')
    expect(await checkAccessibility(bob)).toEqual([])
    await openScreen(bob, 'Home')

    // Alice buys 30 USDC and 0.05 SOL (for fees) on the local cluster with the sandbox's test card.
    const { context: aliceContext, page: alice } = await signUp(browser, world, 'sol-alice@example.com')
    const aliceSolana = await readSolanaAddress(alice)
    await fundWithSandboxCard(alice, { chain: CLUSTER, asset: 'USDC', amount: '30' })
    await fundWithSandboxCard(alice, { chain: CLUSTER, asset: 'SOL', amount: '0.05' })
    await openScreen(alice, 'Home')
    await expect.poll(() => solanaText(alice), { timeout: 15_000 }).toContain('30 USDC')
    expect(await solanaText(alice)).toContain('0.05 SOL')
    await saveScreenshots(alice, 'solana', 'home-funded')

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
    await saveScreenshots(alice, 'solana', 'send-errors')
    expect(await checkAccessibility(alice)).toEqual([])

    // Bob has never held USDC: the review says the transfer opens his USDC account, and the fee.
    await recipient.fill(bobSolana)
    await amount.fill('12.5')
    await alice.getByRole('button', { name: 'Review' }).click()
    const summary = alice.locator('.send__summary')
    await expect.poll(() => summary.textContent(), { timeout: 15_000 }).toMatch(/Network fee0\.000005 SOL/)
    expect(await summary.textContent()).toMatch(/New USDC account0\.00203928 SOL, a one-time deposit/)
    await alice.getByText(/receives 12\.5 USDC in a new USDC account/).waitFor()
    await saveScreenshots(alice, 'solana', 'send-review')
    expect(await checkAccessibility(alice)).toEqual([])

    await alice.getByRole('button', { name: 'Confirm and send' }).click()
    await alice.getByRole('heading', { name: 'Sent' }).waitFor({ timeout: 30_000 })
    await alice.getByText(`12.5 USDC sent on ${CLUSTER}`).waitFor()
    await saveScreenshots(alice, 'solana', 'send-status')
    expect(await checkAccessibility(alice)).toEqual([])

    // Bob's Home (open all along) picks it up by itself.
    await expect.poll(() => solanaText(bob), { timeout: 20_000 }).toContain('12.5 USDC')
    await expect.poll(() => bob.getByTestId('total-balance').textContent()).toBe('$12.50')
    await saveScreenshots(bob, 'solana', 'friend-home')
    expect(await checkAccessibility(bob)).toEqual([])

    // Bob's activity: the transfer, received from Alice, dated, confirmed in its slot.
    const short = (address: string) => `${address.slice(0, 5)}...${address.slice(-4)}`
    const received = await activityLine(bob, 'Received 12.5 USDC')
    await expect.poll(() => received.textContent(), { timeout: 20_000 }).toContain('Confirmed')
    expect(await received.textContent()).toMatch(/\d{4}/)
    expect(await received.textContent()).toContain(`from ${short(aliceSolana)}`)
    await received.locator('summary').click()
    const detail = (await received.locator('.activity__detail').textContent()) ?? ''
    expect(detail).toMatch(/StatusConfirmed in slot \d+/)
    expect(detail).toMatch(/Network fee0\.000005 SOL \(paid by the sender\)/)
    expect(detail).toMatch(/Signature[1-9A-HJ-NP-Za-km-z]{86,88}/)
    expect(detail).toContain('This network has no public explorer')
    await saveScreenshots(bob, 'solana', 'friend-activity')
    expect(await checkAccessibility(bob)).toEqual([])

    // Alice's Home: 17.5 USDC left on Solana, the transfer sent to Bob, and the USDC she bought.
    await openScreen(alice, 'Home')
    await expect.poll(() => solanaText(alice), { timeout: 15_000 }).toContain('17.5 USDC')
    const sent = await activityLine(alice, 'Sent 12.5 USDC')
    expect(await sent.textContent()).toContain(`to ${short(bobSolana)}`)
    expect(await sent.textContent()).toMatch(/\d{4}/)
    await activityLine(alice, 'Received 30 USDC')
    // Once each, though the chain and the server both know the send.
    expect(await alice.locator('.activity__item', { hasText: 'Sent 12.5 USDC' }).count()).toBe(1)
    await aliceContext.close()
    await bobContext.close()
  })

  test('sends SOL to a friend whose Solana address holds nothing yet, and the friend sees it', async ({
    world,
    browser,
  }) => {
    const { context: daveContext, page: dave } = await signUp(browser, world, 'sol-dave@example.com')
    const daveSolana = await readSolanaAddress(dave)
    await openScreen(dave, 'Home')
    const { context: carolContext, page: carol } = await signUp(browser, world, 'sol-carol@example.com')
    await fundWithSandboxCard(carol, { chain: CLUSTER, asset: 'SOL', amount: '0.05' })

    await openScreen(carol, 'Send')
    await carol.getByRole('group', { name: 'Chain' }).getByRole('radio', { name: CLUSTER }).check()
    await carol.getByRole('group', { name: 'Asset' }).getByRole('radio', { name: 'SOL' }).check()
    await carol.getByText(`Balance: 0.05 SOL on ${CLUSTER}`).waitFor()
    await carol.getByLabel('Recipient address').fill(daveSolana)
    await carol.getByLabel('Amount (SOL)').fill('0.01')
    await carol.getByRole('button', { name: 'Review' }).click()
    // A SOL transfer opens no token account: the fee is all it costs beyond the amount.
    await carol.getByText(/receives 0\.01 SOL\. You pay 0\.010005 SOL in all\./).waitFor({ timeout: 15_000 })
    expect(await carol.locator('.send__summary').textContent()).not.toContain('New USDC account')
    await carol.getByRole('button', { name: 'Confirm and send' }).click()
    await carol.getByText(`0.01 SOL sent on ${CLUSTER}`).waitFor({ timeout: 30_000 })
    await expect.poll(() => solanaText(dave), { timeout: 20_000 }).toContain('0.01 SOL')
    await openScreen(carol, 'Home')
    // 0.05 less 0.01 and the fee: 0.039995 SOL, shown to four places.
    await expect.poll(() => solanaText(carol), { timeout: 15_000 }).toMatch(/0\.0(4|399) SOL/)
    await carolContext.close()
    await daveContext.close()
  })

  test('an EVM chain refuses a Solana address in words, and Settings exports the Solana key', async ({
    world,
    browser,
  }) => {
    const { context, page } = await signUp(browser, world, 'sol-export@example.com')
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
