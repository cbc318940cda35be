import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. The files wait
    // on PostgreSQL, Redis, chains and child processes much of their time, so three keep both cores
    // busy (the whole suite on 2 cores: 24.8 min with one, 19 min with three). The journeys keep their
    // own two (e2e/vitest.config.ts).
    maxWorkers: 3,
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'e2e/vitest.config.ts',
      'scripts/vitest.config.ts',
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/core/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 90 },
    },
  },
})
