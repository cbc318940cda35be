import { cp, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ROOT } from './publishedPackages'
import { toPublishedManifest } from './toPublishedManifest'

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
