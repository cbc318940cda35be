import { cp } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BundleReport, measureBundles } from './measureBundles'

const here = dirname(fileURLToPath(import.meta.url))

/**
 * {@link measureBundles} as an app developer gets it: the two apps copied into `installedDir`, a
 * folder outside the workspace where `@satchel/react`, React and React DOM are installed from npm and
 * the packed tarballs (the vite example's install does), so the SDK is the built package, not the
 * workspace's sources.
 *
 * @example
 * const report = await measureInstalledBundles(await installTarballs({ from: 'examples/vite', name: 'bundle', packed }))
 */
export async function measureInstalledBundles(installedDir: string): Promise<BundleReport> {
  const appsDir = join(installedDir, 'bench-bundle')
  for (const app of ['minimal', 'react-only'])
    await cp(join(here, app), join(appsDir, app), { recursive: true })
  return measureBundles(appsDir)
}
