import { writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { measureBundles, type Weight } from './measureBundles'

// npx tsx bench/bundle/run.ts — builds both apps, prints the table, writes results.json beside this file.
const report = await measureBundles()
const row = (label: string, weight: Weight | undefined) =>
  `| ${label.padEnd(46)} | ${String(weight?.raw ?? '-').padStart(9)} | ${String(weight?.gzip ?? '-').padStart(9)} |`
const lines = [
  `| ${'What'.padEnd(46)} | ${'raw bytes'.padStart(9)} | ${'gzip -9'.padStart(9)} |`,
  `| ${'-'.repeat(46)} | ${'-'.repeat(9)} | ${'-'.repeat(9)} |`,
  row('React only, initial JS', report.reactOnly.initial),
  row('One login button with @satchel/react, initial', report.minimal.initial),
  row('Added by the SDK', { ...report.sdkAdded, files: [] }),
  row('Then on login(): the modal', report.minimal.modal),
  row('Then on the SMS tab: phone metadata', report.minimal.sms),
]
console.log(lines.join('\n'))
console.log(
  `\nBudget: the SDK adds at most ${report.budgetGzip} bytes gzip -> ${report.sdkAdded.gzip <= report.budgetGzip ? 'within' : 'OVER'} budget`,
)
const here = dirname(fileURLToPath(import.meta.url))
await writeFile(
  join(here, 'results.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, ...report }, null, 2)}\n`,
)
