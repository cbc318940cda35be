import { defineConfig } from 'tsdown'

// The published build (`npm run build`): ES modules and declarations in dist/, one file per source
// file. `neutral`: nothing Node-only, so the same files run on Node, Bun, Deno and edge runtimes.
// A bare import this package does not declare fails the build (`onlyBundle: []`).
export default defineConfig({
  entry: { index: 'src/index.ts' },
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  unbundle: true,
  deps: { onlyBundle: [] },
})
