import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build, type Rollup } from 'vite'

/** The SDK may add at most this many gzip bytes to a one-button app's first load (issue 7). */
export const SDK_BUDGET_GZIP_BYTES = 65_000

export type FileSize = { file: string; raw: number; gzip: number }
export type Weight = { raw: number; gzip: number; files: FileSize[] }

export type AppMeasure = {
  /** The entry chunk and its modulepreloads, as the built index.html loads them. */
  initial: Weight
  /** What calling `login()` loads: the modal's chunk and the chunks it imports that are not loaded yet. */
  modal?: Weight | undefined
  /** What opening the modal's SMS screen loads on top (the phone metadata). */
  sms?: Weight | undefined
}

export type BundleReport = {
  reactOnly: AppMeasure
  minimal: AppMeasure
  /** minimal.initial - reactOnly.initial. */
  sdkAdded: { raw: number; gzip: number }
  budgetGzip: number
}

const here = dirname(fileURLToPath(import.meta.url))

function sizeOf(file: string, code: string | Uint8Array): FileSize {
  const bytes = typeof code === 'string' ? Buffer.from(code) : Buffer.from(code)
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
}

function sum(files: FileSize[]): Weight {
  return { raw: files.reduce((n, f) => n + f.raw, 0), gzip: files.reduce((n, f) => n + f.gzip, 0), files }
}

/** The chunk files a page loads first: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
export function parseInitialScripts(html: string): string[] {
  const found = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => (match[1] ?? '').replace(/^\.?\//, ''))
  return [...new Set(found)]
}

/** A dynamic entry and the chunks it statically imports, minus those already loaded. */
function lazyWeight(chunks: Rollup.OutputChunk[], facade: RegExp, loaded: Set<string>): Weight | undefined {
  const entry = chunks.find((chunk) => chunk.isDynamicEntry && facade.test(chunk.facadeModuleId ?? ''))
  if (!entry) return undefined
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const files: FileSize[] = []
  const visit = (chunk: Rollup.OutputChunk) => {
    if (loaded.has(chunk.fileName)) return
    loaded.add(chunk.fileName)
    files.push(sizeOf(chunk.fileName, chunk.code))
    for (const name of chunk.imports) {
      const next = byName.get(name)
      if (next) visit(next)
    }
  }
  visit(entry)
  return sum(files)
}

/**
 * Builds one app with Vite (production, the React plugin) into a temp folder and weighs its first
 * load, raw and gzip level 9, and what its lazy screens load after. `appsDir` holds the app's folder:
 * this one (the SDK from the workspace's sources), or a copy where the SDK is installed from its
 * tarball ({@link measureInstalledBundles}).
 *
 * @example
 * const { initial } = await measureApp('minimal')
 */
export async function measureApp(name: 'minimal' | 'react-only', appsDir = here): Promise<AppMeasure> {
  const outDir = await mkdtemp(join(tmpdir(), `satchel-bundle-${name}-`))
  // React's production build whoever runs this: Vite takes `process.env.NODE_ENV` from the environment
  // when it is set, and vitest sets it to `test` (a development React, and the SDK's development
  // branches, are not what a person downloads). Restored once the build is done.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    const output = await build({
      root: join(appsDir, name),
      configFile: false,
      logLevel: 'silent',
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    }).finally(() => {
      if (nodeEnv === undefined) delete process.env.NODE_ENV
      else process.env.NODE_ENV = nodeEnv
    })
    const outputs = Array.isArray(output) ? output : [output]
    const chunks = outputs
      .flatMap((result) => ('output' in result ? result.output : []))
      .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
    const html = await readFile(join(outDir, 'index.html'), 'utf8')
    const initialFiles = parseInitialScripts(html)
    const initial = sum(
      await Promise.all(initialFiles.map(async (file) => sizeOf(file, await readFile(join(outDir, file))))),
    )
    const loaded = new Set(initialFiles)
    // The sources' .tsx in the workspace, the built .js when installed.
    const modal = lazyWeight(chunks, /modal\/LoginModal\.(tsx|js)$/, loaded)
    const sms = lazyWeight(chunks, /modal\/SmsScreen\.(tsx|js)$/, loaded)
    return { initial, modal, sms }
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
}

/**
 * Builds the one-button app with and without the SDK and reports what the SDK adds to the first load.
 *
 * @example
 * const report = await measureBundles()
 * report.sdkAdded.gzip <= SDK_BUDGET_GZIP_BYTES
 */
export async function measureBundles(appsDir = here): Promise<BundleReport> {
  const reactOnly = await measureApp('react-only', appsDir)
  const minimal = await measureApp('minimal', appsDir)
  return {
    reactOnly,
    minimal,
    sdkAdded: {
      raw: minimal.initial.raw - reactOnly.initial.raw,
      gzip: minimal.initial.gzip - reactOnly.initial.gzip,
    },
    budgetGzip: SDK_BUDGET_GZIP_BYTES,
  }
}
