import { type Browser, chromium } from 'playwright-core'

/** Debian's Chromium: the binary itself, not its shell launcher (which adds flags of its own). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium'

/**
 * Starts headless Chromium for a journey, with the background services that would reach the network
 * turned off (the journeys run with no network).
 *
 * @example
 * const browser = await launchBrowser()
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--headless',
      '--disable-gpu',
    ],
  })
}
