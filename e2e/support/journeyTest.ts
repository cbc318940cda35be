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
 * test('signs in', async ({ world, browser }) => { ... })
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

/** The worker's devnet, for a journey file that called {@link setUpJourney} (set before its tests). */
export let world: JourneyDevnet
/** The worker's Chromium, for a journey file that called {@link setUpJourney} (set before its tests). */
export let browser: Browser

/**
 * Gives a journey file written with `describe`/`it` the worker's devnet and Chromium as `world` and
 * `browser`, imported from here: one line where each file used to copy the fixture hand-over, and
 * the file-scoped `browser` fixture still closes what the file leaves open.
 *
 * @example
 * import { browser, setUpJourney, world } from '../support/journeyTest'
 * setUpJourney()
 * it('signs in', async () => { await signInWithEmail(await browser.newPage(), world, 'ada@example.com') })
 */
export function setUpJourney(): void {
  test.beforeAll(({ world: shared, browser: chromium }) => {
    world = shared
    browser = chromium
  })
}
