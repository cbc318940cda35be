import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { openConsoleScreen, signInToConsole } from '../support/consoleSteps'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import { signInWithEmail } from '../support/walletSteps'

setUpJourney()

/** Whether a fresh visitor of the wallet is offered sign-in by phone (a new browser: nothing cached). */
async function walletOffersPhone(): Promise<boolean> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(world.walletUrl)
  await page.getByRole('radio', { name: 'Email' }).waitFor()
  const offered = (await page.getByRole('radio', { name: 'Phone' }).count()) > 0
  await context.close()
  return offered
}

async function saveSettings(page: Page) {
  await page.getByRole('button', { name: 'Save settings' }).click()
  await page.getByText('Settings saved.').waitFor()
}

describe('the Satchel console: settings and users', () => {
  it('turns SMS login on and adds an origin, checked as typed; the wallet then offers phone sign-in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signInToConsole(page, world)
    await openConsoleScreen(page, 'Settings')
    const sms = page.getByRole('checkbox', { name: 'SMS code' })
    await sms.uncheck()
    await saveSettings(page)
    await expect.poll(walletOffersPhone, { timeout: 20_000 }).toBe(false)

    await sms.check()
    const origins = page.getByLabel('Allowed origins (one per line)')
    const before = await origins.inputValue()
    await origins.fill(`${before}\nhttps://shop.example.com/checkout`)
    await page.getByText('https://shop.example.com/checkout has more than scheme://host[:port]').waitFor()
    expect(await page.getByRole('button', { name: 'Save settings' }).isDisabled()).toBe(true)
    await origins.fill(`${before}\nhttps://shop.example.com`)
    await saveSettings(page)
    await page.reload()
    expect(await page.getByLabel('Allowed origins (one per line)').inputValue()).toContain(
      'https://shop.example.com',
    )
    await expect.poll(walletOffersPhone, { timeout: 20_000 }).toBe(true)
    expect(await checkAccessibility(page)).toEqual([])
    await saveScreenshot(page, 'console', 'settings-desktop')
    await page.setViewportSize({ width: 390, height: 844 })
    await saveScreenshot(page, 'console', 'settings-phone')
    await context.close()
  })

  it('finds a user by wallet address and revokes their session: their wallet asks them to sign in again', async () => {
    const user = await browser.newContext()
    const wallet = await user.newPage()
    const address = await signInWithEmail(wallet, world, 'console-revoked@example.com')

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signInToConsole(page, world)
    await page.getByLabel('Find a user').fill(address)
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('heading', { level: 2, name: 'Linked accounts' }).waitFor()
    await page.getByText('console-revoked@example.com').first().waitFor()
    await page.getByText(address).first().waitFor()
    const sessions = page.getByRole('region', { name: 'Sessions' })
    await sessions.getByRole('button', { name: 'Revoke session' }).first().waitFor()
    expect(await checkAccessibility(page)).toEqual([])
    await saveScreenshot(page, 'console', 'user-desktop')
    await sessions.getByRole('button', { name: 'Revoke session' }).click()
    await sessions.getByText('Not signed in anywhere.').waitFor()

    await wallet.reload()
    await wallet.getByRole('heading', { name: 'Sign in to Satchel Wallet' }).waitFor({ timeout: 20_000 })
    await page.setViewportSize({ width: 390, height: 844 })
    await saveScreenshot(page, 'console', 'user-phone')
    await openConsoleScreen(page, 'Users')
    await page.getByRole('table').waitFor()
    expect(await checkAccessibility(page)).toEqual([])
    await saveScreenshot(page, 'console', 'users-phone')
    await context.close()
    await user.close()
  })
})
