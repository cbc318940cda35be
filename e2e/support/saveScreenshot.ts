import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { SCREENSHOTS_DIR } from './paths'

/**
 * Saves a full-page screenshot of a journey's screen to e2e/.screenshots/<journey>-<screen>.png
 * (gitignored: the latest run's, for a person to look at).
 *
 * @example
 * await saveScreenshot(page, 'email-sign-in', 'home')
 */
export async function saveScreenshot(page: Page, journey: string, screen: string): Promise<string> {
  await mkdir(SCREENSHOTS_DIR, { recursive: true })
  const path = join(SCREENSHOTS_DIR, `${journey}-${screen}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}
