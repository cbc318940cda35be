import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { cleanEnv } from './cleanEnv'
import { findUndeclaredImports } from './findUndeclaredImports'
import { PUBLISHED_PACKAGES, type PublishedPackageName, ROOT } from './publishedPackages'
import { readReleaseVersion } from './readReleaseVersion'
import { run } from './run'
import { stagePackage } from './stagePackage'

export type PackedPackage = {
  name: PublishedPackageName
  version: string
  /** The tarball's absolute path. */
  tarball: string
  /** Bytes of the .tgz, and of what it unpacks to. */
  size: number
  unpackedSize: number
  files: string[]
}

const npmPackSchema = z.array(
  z.object({
    filename: z.string(),
    size: z.number(),
    unpackedSize: z.number(),
    files: z.array(z.object({ path: z.string() })),
  }),
)

// The server may import Node's built-ins; the SDK, core and @satchel/node run in browsers and on edge
// runtimes, so they may not.
const SERVER_ONLY: readonly PublishedPackageName[] = ['@satchel/server']

/**
 * Builds every published package (tsdown), checks that its built JavaScript imports nothing it does
 * not declare, and packs it as people will install it (the manifest's publishConfig applied) into
 * `outDir`. This is `npm run release:pack`; publishing is `npm publish <tarball>` for each.
 *
 * @example
 * const packed = await packPackages({ outDir: 'release' })
 */
export async function packPackages({ outDir }: { outDir: string }): Promise<PackedPackage[]> {
  const version = await readReleaseVersion()
  const stageRoot = join(outDir, '.stage')
  await rm(stageRoot, { recursive: true, force: true })
  await mkdir(outDir, { recursive: true })
  const tsdown = join(ROOT, 'node_modules/.bin/tsdown')
  // The builds are independent (each resolves the others' sources), and each is mostly one
  // single-threaded type check: side by side they take the time of the slowest, given the cores.
  await Promise.all(
    PUBLISHED_PACKAGES.map(({ dir }) =>
      run(tsdown, ['--log-level', 'warn'], { cwd: join(ROOT, dir), env: cleanEnv() }),
    ),
  )
  const packed: PackedPackage[] = []
  for (const { name, dir } of PUBLISHED_PACKAGES) {
    const undeclared = await findUndeclaredImports({
      dir: join(ROOT, dir),
      allowBuiltins: SERVER_ONLY.includes(name),
    })
    if (undeclared.length > 0)
      throw new Error(
        `${name} imports what its package.json does not declare:\n${undeclared
          .map(({ file, specifier }) => `  ${specifier} (${file})`)
          .join('\n')}`,
      )
    const stageDir = join(stageRoot, name.replace('@satchel/', ''))
    await stagePackage({ dir, stageDir })
    const output = await run('npm', ['pack', stageDir, '--pack-destination', outDir, '--json', '--silent'], {
      cwd: ROOT,
      env: cleanEnv(),
    })
    const [result] = npmPackSchema.parse(JSON.parse(output))
    if (!result) throw new Error(`npm pack gave no tarball for ${name}`)
    packed.push({
      name,
      version,
      tarball: join(outDir, result.filename),
      size: result.size,
      unpackedSize: result.unpackedSize,
      files: result.files.map((file) => file.path),
    })
  }
  await rm(stageRoot, { recursive: true, force: true })
  return packed
}
