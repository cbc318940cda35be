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
