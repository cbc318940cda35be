import type { Page } from 'playwright-core'
import { saveScreenshot } from './saveScreenshot'

/**
 * Saves a screen as it is (`<screen>-desktop`), then on a phone-sized viewport (`<screen>-phone`,
 * 390 × 844), and puts the viewport back.
 *
 * @example
 * await saveScreenshots(page, 'solana', 'send-review')
 */
export async function saveScreenshots(page: Page, journey: string, screen: string): Promise<void> {
  const size = page.viewportSize()
  await saveScreenshot(page, journey, `${screen}-desktop`)
  await page.setViewportSize({ width: 390, height: 844 })
  await saveScreenshot(page, journey, `${screen}-phone`)
  if (size) await page.setViewportSize(size)
}
