import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { PUBLISHED_PACKAGES, ROOT } from './publishedPackages'

const manifestSchema = z.looseObject({
  name: z.string(),
  version: z.string(),
  dependencies: z.record(z.string(), z.string()).optional(),
  peerDependencies: z.record(z.string(), z.string()).optional(),
})

/**
 * Checks that every published package carries the one version and that they name each other at it.
 *
 * @example
 * const version = await readReleaseVersion()
 */
export async function readReleaseVersion(): Promise<string> {
  const manifests = await Promise.all(
    PUBLISHED_PACKAGES.map(async ({ dir }) =>
      manifestSchema.parse(JSON.parse(await readFile(join(ROOT, dir, 'package.json'), 'utf8'))),
    ),
  )
  const versions = new Set(manifests.map((manifest) => manifest.version))
  const [version] = versions
  if (versions.size !== 1 || !version)
    throw new Error(`The published packages must share one version; found ${[...versions].join(', ')}`)
  for (const manifest of manifests) {
    for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies })) {
      if (name.startsWith('@satchel/') && range !== `^${version}`)
        throw new Error(`${manifest.name} depends on ${name}@${range}; the release is ^${version}`)
    }
  }
  return version
}
