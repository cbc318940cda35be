import { describe, expect } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { test } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import { openScreen, signInWithEmail } from '../support/walletSteps'

// Problem 8 of issue 19: the server's and the SDK's raw sentences ("Invalid request data: email",
// "This WalletConnect link has no symmetric key") reached people. Each now goes through the wallet's
// one catalogue of messages written for people.
describe('errors in words a person understands', () => {
  test('an email the server refuses names the email, not "Invalid request data"', async ({
    world,
    browser,
  }) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(world.walletUrl)
    await page.getByRole('radio', { name: 'Email' }).check()
    // It looks like an address to the form (something@something.something), so it reaches the
    // server, whose check wants a domain ending of two letters or more.
    await page.getByLabel('Email address').fill('ada@example.c')
    await page.getByRole('button', { name: 'Send code' }).click()
    const alert = page.getByRole('alert')
    await alert.getByText('Check the email address: it does not look right.').waitFor({ timeout: 15_000 })
    expect(await page.locator('main').textContent()).not.toMatch(/Invalid request data|invalid_data/)
    await saveScreenshot(page, 'human-errors', 'email')
    expect(await checkAccessibility(page)).toEqual([])
    await context.close()
  })

  test('a WalletConnect link without its key says to copy the whole link, not "symmetric key"', async ({
    world,
    browser,
  }) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInWithEmail(page, world, 'human-errors@example.com')
    await openScreen(page, 'Connections')
    const link = page.getByLabel('WalletConnect link')
    const expiry = Math.floor(Date.now() / 1000) + 300
    await link.fill(`wc:${'7f'.repeat(32)}@2?relay-protocol=irn&expiryTimestamp=${expiry}`)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await page
      .getByText('This WalletConnect link is incomplete. Copy the whole link from the app again.')
      .waitFor()
    expect(await link.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('main').textContent()).not.toMatch(/symmetric key|symKey/i)
    await saveScreenshot(page, 'human-errors', 'walletconnect-link')
    expect(await checkAccessibility(page)).toEqual([])
    await context.close()
  })
})
