import { defineProject } from 'vitest/config'

// The wallet's pure rules (amounts, addresses, routes, tap threshold) run here in Node; everything a
// person sees in the browser is proven by the journeys in e2e/ (real Chromium against the devnet).
export default defineProject({
  root: import.meta.dirname,
  test: { name: 'wallet', include: ['src/**/*.test.ts'] },
})
