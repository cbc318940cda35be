import { cp, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ROOT } from './publishedPackages'

/** The fields a package's `publishConfig` replaces in what is published (pnpm's convention). */
const PUBLISHED_FIELDS = ['exports', 'bin', 'main', 'module', 'types', 'browser'] as const

/**
 * The manifest people install: the workspace's package.json with the fields of its `publishConfig`
 * in place (exports and bin pointing at dist/ instead of the TypeScript sources the workspace runs),
 * without scripts or devDependencies.
 *
 * @example
 * const published = toPublishedManifest(JSON.parse(await readFile('packages/react/package.json', 'utf8')))
 */
export function toPublishedManifest(manifest: Record<string, unknown>): Record<string, unknown> {
  const { scripts: _scripts, devDependencies: _devDependencies, publishConfig, ...published } = manifest
  const config: Record<string, unknown> =
    typeof publishConfig === 'object' && publishConfig !== null ? { ...publishConfig } : {}
  for (const field of PUBLISHED_FIELDS) {
    if (field in config) {
      published[field] = config[field]
      delete config[field]
    }
  }
  return Object.keys(config).length > 0 ? { ...published, publishConfig: config } : published
}

/**
 * Copies what a built package publishes into `stageDir`: the published manifest, dist/, its README,
 * and the repository's LICENSE and CHANGELOG. `npm pack` of that folder is the tarball.
 *
 * @example
 * await stagePackage({ dir: 'packages/react', stageDir: '/tmp/stage/react' })
 */
export async function stagePackage({ dir, stageDir }: { dir: string; stageDir: string }): Promise<void> {
  const source = join(ROOT, dir)
  const manifest: Record<string, unknown> = JSON.parse(await readFile(join(source, 'package.json'), 'utf8'))
  await mkdir(stageDir, { recursive: true })
  await writeFile(
    join(stageDir, 'package.json'),
    `${JSON.stringify(toPublishedManifest(manifest), null, 2)}\n`,
  )
  await cp(join(source, 'dist'), join(stageDir, 'dist'), { recursive: true })
  await cp(join(source, 'README.md'), join(stageDir, 'README.md'))
  await cp(join(ROOT, 'LICENSE'), join(stageDir, 'LICENSE'))
  await cp(join(ROOT, 'CHANGELOG.md'), join(stageDir, 'CHANGELOG.md'))
}
