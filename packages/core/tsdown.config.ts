import { defineConfig } from 'tsdown'

// The published build (`npm run build`): ES modules and declarations in dist/, one file per source
// file (`unbundle`), so an app's bundler drops what it does not import exactly as it does with the
// sources. Every bare import stays an import: a package this one uses but does not declare fails
// the build (`onlyBundle: []`) instead of being copied in.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'errors/index': 'src/errors/index.ts',
    'admin/index': 'src/admin/index.ts',
  },
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  unbundle: true,
  deps: { onlyBundle: [] },
})
