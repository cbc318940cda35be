import { defineConfig } from 'tsdown'

// The published build (`npm run build`): ES modules and declarations in dist/ for Node, one file per
// source file (`unbundle`), so `import.meta.dirname` in platform/db/migrate.js finds the SQL
// migrations copied beside it (dist/platform/db/migrations). Only what the entries import is built;
// test scaffolding lives in test/support, outside src. A bare import this package does not declare
// fails the build (`onlyBundle: []`).
export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
  platform: 'node',
  target: 'node20.19',
  fixedExtension: false,
  dts: true,
  unbundle: true,
  deps: { onlyBundle: [] },
  copy: [{ from: 'src/platform/db/migrations', to: 'dist/platform/db' }],
  // dist/cli.js is the installed `satchel` command.
  outputOptions: { banner: (chunk) => (chunk.name === 'cli' ? '#!/usr/bin/env node' : '') },
})
