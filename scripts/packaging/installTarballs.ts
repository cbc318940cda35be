import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { cleanEnv } from './cleanEnv'
import type { PackedPackage } from './packPackages'
import { run } from './run'

export type InstallTarballsParameters = {
  /** A folder to copy (an example app), or undefined for an empty one. */
  from?: string | undefined
  /** A name for the temporary folder. */
  name: string
  /** The @satchel packages to add as dependencies, beside those the folder's package.json lists. */
  add?: readonly string[] | undefined
  packed: readonly PackedPackage[]
}

/**
 * A copy of a folder in the OS temp dir (outside the workspace, so nothing resolves to its sources or
 * its hoisted node_modules) with every @satchel dependency pointed at its packed tarball, installed
 * with npm as a person would (`--prefer-offline`: packages npm has fetched before come from its cache).
 * The other @satchel packages a tarball depends on resolve to their tarballs too, through `overrides`
 * (they are not on the registry). Answers the folder.
 *
 * @example
 * const dir = await installTarballs({ from: 'examples/vite', name: 'vite', packed })
 */
export async function installTarballs({ from, name, add = [], packed }: InstallTarballsParameters) {
  const dir = await mkdtemp(join(tmpdir(), `satchel-${name}-`))
  if (from)
    await cp(from, dir, { recursive: true, filter: (path) => !/\/(node_modules|\.next|dist)$/.test(path) })
  const manifestPath = join(dir, 'package.json')
  const manifest: Record<string, unknown> = from
    ? JSON.parse(await readFile(manifestPath, 'utf8'))
    : { name: `satchel-${name}`, private: true }
  const tarballOf = Object.fromEntries(packed.map((item) => [item.name, `file:${item.tarball}`]))
  const dependencies = { ...z.record(z.string(), z.string()).optional().parse(manifest.dependencies) }
  for (const dependency of [...Object.keys(dependencies), ...add]) {
    const tarball = tarballOf[dependency]
    if (dependency.startsWith('@satchel/')) {
      if (!tarball) throw new Error(`No tarball for ${dependency}`)
      dependencies[dependency] = tarball
    }
  }
  await writeFile(
    manifestPath,
    `${JSON.stringify({ ...manifest, dependencies, overrides: tarballOf }, null, 2)}\n`,
  )
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    env: cleanEnv(),
  })
  return dir
}
