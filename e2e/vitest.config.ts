import { defineProject } from 'vitest/config'

// Whole journeys in a real Chromium against the devnet `npm start` runs. Each worker starts one devnet
// on free ports and one Chromium, shared by the files it runs (support/journeyTest.ts); the wallet and
// the WalletConnect test dApp are built once, before any file runs (support/globalSetup.ts).
export default defineProject({
  // Paths below are this folder's, whether run alone (--config e2e/vitest.config.ts) or as a project.
  root: import.meta.dirname,
  test: {
    name: 'e2e',
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./support/globalSetup.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // Each worker runs two anvil chains, the API and a browser: two at a time keep a laptop responsive.
    maxWorkers: 2,
    // A worker keeps its modules, and so its devnet and browser, from one file to the next; each test
    // still opens its own browser contexts and users (support/journeyTest.ts).
    isolate: false,
    // The journeys run after every other project (which share the default worker pool).
    sequence: { groupOrder: 1 },
  },
})
