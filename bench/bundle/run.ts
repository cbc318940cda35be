import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { installTarballs } from '../../scripts/packaging/installTarballs'
import { packPackages } from '../../scripts/packaging/packPackages'
import { ROOT } from '../../scripts/packaging/publishedPackages'
import { type BundleReport, measureBundles, type Weight } from './measureBundles'
import { measureInstalledBundles } from './measureInstalledBundles'

// npx tsx bench/bundle/run.ts — builds the two apps twice: against the workspace's sources, and
// against @satchel/react packed and installed outside the repository (as an app developer gets it);
// prints both tables and writes results.json beside this file.
const source = await measureBundles()
const releaseDir = await mkdtemp(join(tmpdir(), 'satchel-bundle-release-'))
let installed: BundleReport
let installedDir: string | undefined
try {
  const packed = await packPackages({ outDir: releaseDir })
  installedDir = await installTarballs({ from: join(ROOT, 'examples/vite'), name: 'bundle', packed })
  installed = await measureInstalledBundles(installedDir)
} finally {
  await rm(releaseDir, { recursive: true, force: true })
  if (installedDir) await rm(installedDir, { recursive: true, force: true })
}

const row = (label: string, weight: Weight | undefined) =>
  `| ${label.padEnd(46)} | ${String(weight?.raw ?? '-').padStart(9)} | ${String(weight?.gzip ?? '-').padStart(9)} |`
const table = (report: BundleReport) =>
  [
    `| ${'What'.padEnd(46)} | ${'raw bytes'.padStart(9)} | ${'gzip -9'.padStart(9)} |`,
    `| ${'-'.repeat(46)} | ${'-'.repeat(9)} | ${'-'.repeat(9)} |`,
    row('React only, initial JS', report.reactOnly.initial),
    row('One login button with @satchel/react, initial', report.minimal.initial),
    row('Added by the SDK', { ...report.sdkAdded, files: [] }),
    row('Then on login(): the modal', report.minimal.modal),
    row('Then on the SMS tab: phone metadata', report.minimal.sms),
  ].join('\n')
console.log(`Installed from the packed tarball (what an app developer gets):\n\n${table(installed)}`)
console.log(`\nThe workspace's sources:\n\n${table(source)}`)
console.log(
  `\nBudget: the installed SDK adds at most ${installed.budgetGzip} bytes gzip -> ${installed.sdkAdded.gzip <= installed.budgetGzip ? 'within' : 'OVER'} budget`,
)
const here = dirname(fileURLToPath(import.meta.url))
await writeFile(
  join(here, 'results.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, installed, source }, null, 2)}\n`,
)
