import { defineProject } from 'vitest/config'

// The console's pure rules (settings validation, routes, configuration) run here in Node; what an
// operator sees in the browser is proven by the console journeys in e2e/ (real Chromium, devnet).
export default defineProject({
  root: import.meta.dirname,
  test: { name: 'console', include: ['src/**/*.test.ts'] },
})
