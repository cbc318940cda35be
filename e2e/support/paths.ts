import { fileURLToPath } from 'node:url'

/** The wallet build every journey's devnet serves (made once per run by globalSetup). */
export const WALLET_DIST_DIR = fileURLToPath(new URL('../.cache/wallet-dist/', import.meta.url))

/** The console build every journey's devnet serves at /console (made once per run by globalSetup). */
export const CONSOLE_DIST_DIR = fileURLToPath(new URL('../.cache/console-dist/', import.meta.url))

/** Where the journeys save their screenshots (gitignored; the latest run's). */
export const SCREENSHOTS_DIR = fileURLToPath(new URL('../.screenshots/', import.meta.url))

/** axe-core, injected into pages for the accessibility checks. */
export const AXE_PATH = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url))
