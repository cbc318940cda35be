import { defineProject } from 'vitest/config'

// The published packages as people install them: packed, installed outside the repository into the
// examples, built, run against the packed server and driven in Chromium (verifyPackages.test.ts).
export default defineProject({
  root: import.meta.dirname,
  test: {
    name: 'packages',
    include: ['**/*.test.ts'],
    testTimeout: 300_000,
    // Packing, three npm installs and two example builds, once for the file.
    hookTimeout: 1_200_000,
    // Alone, after the journeys: it builds two apps and runs a server and a browser of its own.
    sequence: { groupOrder: 2 },
  },
})
