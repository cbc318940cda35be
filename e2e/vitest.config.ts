import { defineProject } from 'vitest/config'

// Whole journeys in a real Chromium against the devnet `npm start` runs. Each file starts its own
// devnet on free ports; the wallet is built once, before any file runs (support/globalSetup.ts).
export default defineProject({
  // Paths below are this folder's, whether run alone (--config e2e/vitest.config.ts) or as a project.
  root: import.meta.dirname,
  test: {
    name: 'e2e',
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./support/globalSetup.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // Each file runs two anvil chains, the API and a browser: two at a time keep a laptop responsive.
    maxWorkers: 2,
    // The journeys run after every other project (which share the default worker pool).
    sequence: { groupOrder: 1 },
  },
})
