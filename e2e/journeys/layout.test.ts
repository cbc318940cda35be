import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { findOverflow } from '../support/findOverflow'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import { fundWithSandboxCard, openScreen, signInWithEmail } from '../support/walletSteps'

setUpJourney()

// From the smallest phone still sold to a wide desktop; screenshots at a phone's and a desktop's.
const WIDTHS = [320, 360, 390, 768, 1440] as const
const PICTURED = new Set<number>([390, 1440])
const SCREENS = [
  ['Home', 'Home'],
  ['Send', 'Send'],
  ['Receive', 'Receive'],
  ['Buy', 'Fund your wallet'],
  ['Connections', 'Connections'],
  ['Settings', 'Settings'],
] as const

/** Every width: no sideways scroll; at a phone's and a desktop's, a screenshot and axe. */
async function checkScreen(page: Page, theme: string, screen: string) {
  for (const width of WIDTHS) {
    expect({ screen, width, theme, overflow: await findOverflow(page, width) }).toEqual({
      screen,
      width,
      theme,
      overflow: [],
    })
    if (!PICTURED.has(width)) continue
    // From the top, as a person first sees it (the checks above may have scrolled it).
    await page.evaluate(() => window.scrollTo(0, 0))
    await saveScreenshot(page, 'layout', `${screen.toLowerCase()}-${theme}-${width}`)
    expect({ screen, width, theme, violations: await checkAccessibility(page) }).toEqual({
      screen,
      width,
      theme,
      violations: [],
    })
  }
  await page.setViewportSize({ width: 390, height: 844 })
}

async function waitForScreen(page: Page) {
  await page
    .getByRole('status')
    .filter({ hasText: /Loading|Finding|Reading/ })
    .waitFor({ state: 'detached' })
    .catch(() => {})
}

describe('the wallet at every width, in light and dark', () => {
  it('never scrolls sideways from 320 to 1440 px, and passes axe on every screen in both themes', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: theme })
      const page = await context.newPage()
      await page.goto(world.walletUrl)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await checkScreen(page, theme, 'sign-in')
      // The same person in both themes: the second sign-in finds the wallet the first one funded.
      await signInWithEmail(page, world, 'layout@example.com')
      if (theme === 'light')
        await fundWithSandboxCard(page, { chain: 'Satchel Devnet', asset: 'USDC', amount: '25' })
      for (const [name, heading] of SCREENS) {
        await openScreen(page, name, heading)
        await waitForScreen(page)
        if (name === 'Home')
          await expect.poll(() => page.getByTestId('total-balance').textContent()).toBe('$25.00')
        await checkScreen(page, theme, name)
      }
      await context.close()
    }
  })

  it('follows the system theme, and keeps a theme chosen in Settings from the first paint', async () => {
    const context = await browser.newContext({ colorScheme: 'light' })
    const page = await context.newPage()
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
    await signInWithEmail(page, world, 'theme@example.com')
    const light = await background()
    await page.emulateMedia({ colorScheme: 'dark' })
    const dark = await background()
    expect(dark).not.toBe(light)

    // The system says light; the person picks Dark, and the page stays dark across a reload, already
    // before the app's script runs (theme.js sets it from <head>).
    await page.emulateMedia({ colorScheme: 'light' })
    await openScreen(page, 'Settings')
    await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).check()
    expect(await background()).toBe(dark)
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.reload()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    expect(await background()).toBe(dark)
    await page.unroute('**/assets/*.js')
    await page.reload()
    await openScreen(page, 'Settings')
    await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'System' }).check()
    expect(await background()).toBe(light)
    await context.close()
  })
})
