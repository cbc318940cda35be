import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { InlineConfig } from 'vite'

/** Where the tests keep their builds: inside node_modules, so never committed and easy to wipe. */
export const TEST_BUILDS_DIR = fileURLToPath(
  new URL('../../../node_modules/.cache/satchel-test-builds/', import.meta.url),
)

/** Dependencies change the output too: the lockfile stands for them all. */
const LOCKFILE = fileURLToPath(new URL('../../../package-lock.json', import.meta.url))
const IGNORED = new Set(['node_modules', 'dist', '.vite', '.cache'])
const LOCK_STALE_MS = 5 * 60_000

export type BuildOnceParameters = {
  /** Names the build in the cache folder, such as `react-page`. */
  name: string
  /** Files and folders whose contents decide the output (the page's folder, the SDK's sources...). */
  sources: string[]
  /** Vite's configuration, without `build.outDir` (this picks it). */
  config: InlineConfig
}

async function listFiles(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => undefined)
  if (!info) return []
  if (!info.isDirectory()) return [path]
  const files: string[] = []
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (IGNORED.has(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue
    files.push(...(await listFiles(join(path, entry.name))))
  }
  return files.sort()
}

/** A hash of every source's path and contents, the lockfile and the build's mode. */
async function hashSources(name: string, sources: string[]): Promise<string> {
  const hash = createHash('sha256').update(`${name}\0${process.env.NODE_ENV ?? ''}\0`)
  for (const file of [LOCKFILE, ...(await Promise.all(sources.map(listFiles))).flat()]) {
    hash.update(`${relative(TEST_BUILDS_DIR, file)}\0`).update(await readFile(file))
  }
  return hash.digest('hex').slice(0, 16)
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

/**
 * Builds a test page with Vite once for a given state of its sources and answers the folder it is in:
 * the next test file, the next run, or a parallel worker asking for the same sources gets the same
 * folder without building again. Parallel callers wait on a lock folder while one builds; the build is
 * made in a staging folder and moved into place whole, so nobody serves half a build.
 *
 * @example
 * const outDir = await buildOnce({ name: 'react-page', sources: [pageDir, sdkDir], config: { root: pageDir } })
 */
export async function buildOnce({ name, sources, config }: BuildOnceParameters): Promise<string> {
  const outDir = join(TEST_BUILDS_DIR, `${name}-${await hashSources(name, sources)}`)
  const done = join(outDir, 'index.html')
  const lock = `${outDir}.lock`
  await mkdir(TEST_BUILDS_DIR, { recursive: true })
  for (;;) {
    if (await exists(done)) return outDir
    const locked = await mkdir(lock).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error
        return false
      },
    )
    if (locked) break
    // Another worker is building it: wait, unless its lock was left behind by a crashed run.
    const lockedAt = (await stat(lock).catch(() => undefined))?.mtimeMs
    if (lockedAt !== undefined && Date.now() - lockedAt > LOCK_STALE_MS)
      await rm(lock, { recursive: true, force: true })
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  try {
    if (await exists(done)) return outDir
    const staging = `${outDir}.${process.pid}-${randomBytes(4).toString('hex')}`
    const { build } = await import('vite')
    await build({
      configFile: false,
      logLevel: 'silent',
      ...config,
      build: { ...config.build, outDir: staging, emptyOutDir: true },
    })
    await rm(outDir, { recursive: true, force: true })
    await rename(staging, outDir)
    // Builds of older sources under this name are of no more use.
    for (const entry of await readdir(TEST_BUILDS_DIR)) {
      const path = join(TEST_BUILDS_DIR, entry)
      if (new RegExp(`^${name}-[0-9a-f]{16}$`).test(entry) && path !== outDir)
        await rm(path, { recursive: true, force: true })
    }
    return outDir
  } finally {
    await rm(lock, { recursive: true, force: true })
  }
}
