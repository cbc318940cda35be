import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { ROOT } from './publishedPackages'
import { toPublishedManifest } from './toPublishedManifest'

it("publishes the server with publishConfig's exports and bin (dist/), without scripts or devDependencies", async () => {
  const workspace = JSON.parse(await readFile(join(ROOT, 'packages/server/package.json'), 'utf8'))
  // In the workspace, the sources: `npm start`, vitest and tsc need no build.
  expect(workspace.exports['.']).toBe('./src/index.ts')
  expect(workspace.bin).toEqual({ satchel: './bin/satchel.js' })
  const published = toPublishedManifest(workspace)
  expect(published.exports).toEqual({ '.': { types: './dist/index.d.ts', default: './dist/index.js' } })
  expect(published.bin).toEqual({ satchel: './dist/cli.js' })
  expect(published.publishConfig).toEqual({ access: 'public' })
  expect(published).not.toHaveProperty('scripts')
  expect(published).not.toHaveProperty('devDependencies')
  expect(published.dependencies).toEqual(workspace.dependencies)
})
