import { describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import { fundWithSandboxCard, openScreen, signInWithEmail } from '../support/walletSteps'

setUpJourney()

describe('funding by card in the sandbox', () => {
  it('buys 25 USDC with the test card and sees the balance arrive, on Fund and on Home', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInWithEmail(page, world, 'funder@example.com')

    await fundWithSandboxCard(page, {
      chain: 'Satchel Devnet',
      asset: 'USDC',
      amount: '25',
      screenshot: (name, target) => saveScreenshot(target, 'funding', name),
    })
    // The status screen: the provider said yes, and the chain shows the new balance.
    await expect.poll(() => page.getByTestId('fund-balance').textContent()).toContain('25 USDC (+25)')
    await saveScreenshot(page, 'funding', 'fund-status')
    expect(await checkAccessibility(page)).toEqual([])

    await openScreen(page, 'Home')
    await expect
      .poll(() => page.getByTestId('total-balance').textContent(), { timeout: 15_000 })
      .toBe('$25.00')
    const devnetRow = page.locator('[data-chain-id="31337"][data-asset="USDC"]')
    await expect.poll(() => devnetRow.textContent()).toContain('25 USDC')
    expect(await page.locator('[data-chain-id="31338"][data-asset="USDC"]').textContent()).toContain('0 USDC')
    await page.getByText('Received 25 USDC').waitFor({ timeout: 15_000 })
    await saveScreenshot(page, 'funding', 'home-funded')
    expect(await checkAccessibility(page)).toEqual([])
    await context.close()
  })

  it('refuses a declined card in words and leaves the balance as it was', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInWithEmail(page, world, 'declined@example.com')
    await openScreen(page, 'Buy', 'Fund your wallet')
    await page.getByRole('group', { name: 'Asset' }).getByRole('radio', { name: 'ETH' }).check()
    // Presets for the native coin, and the amount checked before any checkout opens.
    await page.getByRole('radio', { name: '0.5 ETH' }).check()
    await page.getByLabel('Or type an amount').fill('1,5')
    await page.getByRole('button', { name: /with a card/ }).click()
    await page.getByText('Enter an amount such as 1.5').waitFor()
    await page.getByRole('radio', { name: '0.1 ETH' }).check()
    const checkoutOpened = context.waitForEvent('page')
    await page.getByRole('button', { name: 'Buy 0.1 ETH with a card' }).click()
    const checkout = await checkoutOpened
    await checkout.getByLabel('Card number').fill('4000 0000 0000 0002')
    await checkout.getByRole('button', { name: 'Pay' }).click()
    await checkout.getByRole('heading', { name: /declined/i }).waitFor()
    await checkout.close()
    await page.getByText('The payment did not go through. Nothing was charged; you can try again.').waitFor({
      timeout: 20_000,
    })
    expect(await page.getByTestId('fund-balance').textContent()).toContain('0 ETH')
    await context.close()
  })
})
