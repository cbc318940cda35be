import { describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import { fundWithSandboxCard, openScreen, signInWithEmail } from '../support/walletSteps'

setUpJourney()

describe('sending USDC to a friend', () => {
  it('reviews the scan, sends 12.5 USDC, follows it until mined, and the friend sees it on their home', async () => {
    // Bob signs up first, in his own browser, and tells Alice his address.
    const bobContext = await browser.newContext()
    const bob = await bobContext.newPage()
    const bobAddress = await signInWithEmail(bob, world, 'bob@example.com')

    const aliceContext = await browser.newContext()
    const alice = await aliceContext.newPage()
    const aliceAddress = await signInWithEmail(alice, world, 'alice@example.com')
    await fundWithSandboxCard(alice, { chain: 'Satchel Devnet', asset: 'USDC', amount: '50' })
    // Gas for the transfer: the native coin, bought the same way.
    await fundWithSandboxCard(alice, { chain: 'Satchel Devnet', asset: 'ETH', amount: '0.1' })

    await openScreen(alice, 'Send')
    const recipient = alice.getByLabel('Recipient address')
    const amount = alice.getByLabel('Amount (USDC)')
    await alice.getByText('Balance: 50 USDC on Satchel Devnet').waitFor()
    // What she types survives a look at Home: the form holds it when she comes back.
    await recipient.fill(bobAddress)
    await amount.fill('12.5')
    await openScreen(alice, 'Home')
    await openScreen(alice, 'Send')
    expect(await recipient.inputValue()).toBe(bobAddress)
    expect(await amount.inputValue()).toBe('12.5')
    // A mistyped address (one capital letter changed) and too large an amount are refused in words.
    const mistyped = bobAddress.replace(/[a-f]/, (letter) => letter.toUpperCase())
    await recipient.fill(mistyped === bobAddress ? `${bobAddress.slice(0, -1)}Z` : mistyped)
    await amount.fill('75')
    await alice.getByRole('button', { name: 'Review' }).click()
    await alice.getByText(/This address has a typo|An address starts with 0x/).waitFor()
    await alice.getByText('That is more than your balance of 50 USDC').waitFor()
    await saveScreenshot(alice, 'send-usdc', 'form-errors')
    expect(await checkAccessibility(alice)).toEqual([])

    // Max fills in the whole USDC balance (the fee is paid in ETH).
    await alice.getByRole('button', { name: 'Max' }).click()
    expect(await amount.inputValue()).toBe('50')
    await recipient.fill(bobAddress)
    await amount.fill('12.5')
    await alice.getByRole('button', { name: 'Review' }).click()

    // The review: what the scan says will move, no warning, and the fee in ETH.
    await alice.getByText('No problem found.').waitFor()
    const short = (address: string) => `${address.slice(0, 5)}...${address.slice(-4)}`
    await alice.getByText(`You send 12.5 USDC to ${short(bobAddress)}`).waitFor()
    await expect.poll(() => alice.locator('.send__summary').textContent()).toMatch(/Estimated fee[\d.]+ ETH/)
    await saveScreenshot(alice, 'send-usdc', 'review')
    expect(await checkAccessibility(alice)).toEqual([])

    await alice.getByRole('button', { name: 'Confirm and send' }).click()
    await alice.getByRole('heading', { name: 'Sent' }).waitFor({ timeout: 30_000 })
    await alice.getByText(/12\.5 USDC sent on Satchel Devnet \(block \d+\)/).waitFor()
    await saveScreenshot(alice, 'send-usdc', 'status')
    expect(await checkAccessibility(alice)).toEqual([])

    // Alice's home: 37.5 left and the transfer in her activity.
    await alice.getByRole('link', { name: 'Back to home' }).click()
    // Her USDC line says 37.5; the total also counts her ETH at the devnet's price.
    await expect
      .poll(() => alice.locator('[data-chain-id="31337"][data-asset="USDC"]').textContent(), {
        timeout: 15_000,
      })
      .toContain('37.5 USDC')
    await alice.getByText('Sent 12.5 USDC').waitFor({ timeout: 15_000 })

    // Bob's home (already open) picks it up by itself.
    await expect
      .poll(() => bob.getByTestId('total-balance').textContent(), { timeout: 20_000 })
      .toBe('$12.50')
    const received = bob.locator('.activity__item', { hasText: 'Received 12.5 USDC' })
    await received.waitFor({ timeout: 20_000 })
    expect(await received.textContent()).toContain(`from ${short(aliceAddress)}`)
    expect(await received.textContent()).toContain('This network has no public explorer')
    await saveScreenshot(bob, 'send-usdc', 'friend-home')
    expect(await checkAccessibility(bob)).toEqual([])
    // Sent: the form is empty again next time.
    await openScreen(alice, 'Send')
    expect(await recipient.inputValue()).toBe('')
    expect(await amount.inputValue()).toBe('')
    await aliceContext.close()
    await bobContext.close()
  })
})
