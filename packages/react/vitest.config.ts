import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'react',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    // The browser and bundle tests build with Vite and start a real server and Chromium.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
})
