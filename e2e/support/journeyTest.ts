import type { Browser } from 'playwright-core'
import { test as baseTest } from 'vitest'
import { launchBrowser } from './launchBrowser'
import { type JourneyDevnet, startJourneyDevnet } from './startJourneyDevnet'

/**
 * `test` for the journeys, with the devnet (`world`) and Chromium (`browser`) started once per
 * worker and shared by every journey file that worker runs (the e2e project runs with
 * `isolate: false`, so the worker outlives a file). A journey stays independent of the others: each
 * test opens its own browser contexts (cookies, storage, passkeys) and signs up users of its own,
 * and the contexts a file leaves open are closed when the file ends. Run alone, a file starts both
 * for itself, as before.
 *
 * @example
 * let world: JourneyDevnet
 * let browser: Browser
 * test.beforeAll(({ world: shared, browser: chromium }) => {
 *   world = shared
 *   browser = chromium
 * })
 */
export const test = baseTest
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern.
  .extend('shared', { scope: 'worker' }, async ({}, { onCleanup }) => {
    // Both at once: Chromium starts while the chains deploy.
    const [world, browser] = await Promise.all([startJourneyDevnet(), launchBrowser()])
    onCleanup(async () => {
      await browser.close()
      await world.stop()
    })
    return { world, browser }
  })
  .extend('world', { scope: 'worker' }, ({ shared }): JourneyDevnet => shared.world)
  .extend('browser', { scope: 'file' }, ({ shared }, { onCleanup }): Browser => {
    // What one file left open (a context a test did not close) never reaches the next file.
    onCleanup(async () => {
      await Promise.all(shared.browser.contexts().map((context) => context.close()))
    })
    return shared.browser
  })
