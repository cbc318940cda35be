import { defineProject } from 'vitest/config'

// The wallet's pure rules (amounts, addresses, routes, tap threshold) run here in Node, and so do what
// it builds and reads on Solana, against the devchain's local cluster (hence the time a busy machine
// may need); everything a person sees in the browser is proven by the journeys in e2e/ (real Chromium
// against the devnet).
export default defineProject({
  root: import.meta.dirname,
  test: { name: 'wallet', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
})
