import { describe, expect } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { test } from '../support/journeyTest'
import { saveScreenshots } from '../support/saveScreenshots'
import { fundWithSandboxCard, openScreen, signInWithEmail } from '../support/walletSteps'

describe('sending USDC with no ETH for the fee', () => {
  test('says on review what is missing, keeps Confirm off, and offers to buy ETH for fees', async ({
    world,
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await signInWithEmail(page, world, 'no-gas@example.com')
    // USDC only: no ETH for the network fee.
    await fundWithSandboxCard(page, { chain: 'Satchel Devnet', asset: 'USDC', amount: '20' })

    await openScreen(page, 'Send')
    await page.getByText('Balance: 20 USDC on Satchel Devnet').waitFor()
    await page.getByLabel('Recipient address').fill('0x000000000000000000000000000000000000dEaD')
    await page.getByLabel('Amount (USDC)').fill('5')
    await page.getByRole('button', { name: 'Review' }).click()

    // Told in words, before Confirm, and never "No problem found".
    const missing = page.getByText(/^You need about [\d.<]+ ETH more for the network fee\.$/)
    await missing.waitFor({ timeout: 30_000 })
    expect(await page.getByText('No problem found.').count()).toBe(0)
    const confirm = page.getByRole('button', { name: 'Confirm and send' })
    expect(await confirm.isDisabled()).toBe(true)
    await saveScreenshots(page, 'gas-trap', 'review')
    expect(await checkAccessibility(page)).toEqual([])

    // "Buy ETH for fees" opens Fund with the chain, ETH and a small amount already chosen.
    await page.getByRole('link', { name: 'Buy ETH for fees' }).click()
    await page.getByRole('heading', { name: 'Fund your wallet' }).waitFor()
    const chain = page
      .getByRole('group', { name: 'Chain' })
      .getByRole('radio', { name: 'Satchel Devnet', exact: true })
    expect(await chain.isChecked()).toBe(true)
    const eth = page.getByRole('group', { name: 'Asset' }).getByRole('radio', { name: 'ETH', exact: true })
    expect(await eth.isChecked()).toBe(true)
    const amount = page.getByLabel('Or type an amount')
    expect(await amount.inputValue()).toMatch(/^0\.00[15]$/)
    const preset = await amount.inputValue()
    await page.getByRole('radio', { name: /Sandbox card/ }).waitFor()
    await saveScreenshots(page, 'gas-trap', 'fund-preset')

    // Bought, the same send passes review and can be confirmed.
    const checkoutOpened = context.waitForEvent('page')
    await page.getByRole('button', { name: `Buy ${preset} ETH with a card` }).click()
    const checkout = await checkoutOpened
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242')
    await checkout.getByRole('button', { name: 'Pay' }).click()
    await checkout.getByRole('heading', { name: 'Payment complete' }).waitFor()
    await checkout.close()
    await page.getByText('Your funds arrived.').waitFor({ timeout: 30_000 })

    await openScreen(page, 'Home')
    await openScreen(page, 'Send')
    await page.getByLabel('Recipient address').fill('0x000000000000000000000000000000000000dEaD')
    await page.getByLabel('Amount (USDC)').fill('5')
    await page.getByRole('button', { name: 'Review' }).click()
    await page.getByText('No problem found.').waitFor({ timeout: 30_000 })
    await expect.poll(() => confirm.isDisabled(), { timeout: 15_000 }).toBe(false)
    expect(await missing.count()).toBe(0)
    await context.close()
  })
})
