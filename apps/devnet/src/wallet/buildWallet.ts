import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The web wallet's folder (apps/wallet), and the console's (apps/console): each built the same way. */
export const WALLET_DIR = fileURLToPath(new URL('../../../wallet/', import.meta.url))
export const CONSOLE_DIR = fileURLToPath(new URL('../../../console/', import.meta.url))
/** What every app's build bundles besides its own folder. */
const SHARED_SOURCES = [
  // This file too: a change to how the apps are built makes every kept build stale.
  fileURLToPath(import.meta.url),
  fileURLToPath(new URL('../../../../packages/react/src/', import.meta.url)),
  fileURLToPath(new URL('../../../../packages/core/src/', import.meta.url)),
]
const IGNORED = new Set(['node_modules', 'dist', '.vite'])

export type BuildWalletParameters = {
  /** Where the built files go (index.html and assets/). */
  outDir: string
  log?: ((line: string) => void) | undefined
  /** The app to build: the wallet unless given (`CONSOLE_DIR`). */
  appDir?: string | undefined
}

export type BuildWalletReturnType = { outDir: string; built: boolean }

async function newestChange(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined)
  if (!info) return 0
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (IGNORED.has(entry.name) || entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx'))
      continue
    newest = Math.max(newest, await newestChange(join(path, entry.name)))
  }
  return newest
}

/**
 * Builds the web wallet (or the console, `appDir`) with Vite into `outDir` when it is missing or older than the wallet's, the
 * SDK's or core's sources; otherwise keeps it (a second `npm start` serves at once). The build goes to
 * a fresh folder first and is moved into place whole, so a server never serves half a build.
 *
 * @example
 * await buildWallet({ outDir: '.satchel/wallet-dist' })
 */
export async function buildWallet({
  outDir: given,
  log = () => {},
  appDir = WALLET_DIR,
}: BuildWalletParameters): Promise<BuildWalletReturnType> {
  const outDir = resolve(given)
  const builtAt = (await stat(join(outDir, 'index.html')).catch(() => undefined))?.mtimeMs ?? 0
  const changedAt = Math.max(...(await Promise.all([appDir, ...SHARED_SOURCES].map(newestChange))))
  if (builtAt > changedAt) return { outDir, built: false }
  log(
    `Building ${appDir === WALLET_DIR ? 'the web wallet' : 'the console'} (first start, or its sources changed)...`,
  )
  // Vite is needed only here: a start that serves an up-to-date build never loads it.
  const { build, createLogger } = await import('vite')
  const logger = createLogger('warn')
  const warn = logger.warn
  // viem's optional Tempo helpers name node:worker_threads; the wallet never loads them, and the note
  // would be the only line a newcomer sees on the first `npm start`.
  logger.warn = (message, options) => {
    if (!message.includes('has been externalized for browser compatibility')) warn(message, options)
  }
  await mkdir(dirname(outDir), { recursive: true })
  const staging = `${outDir}.${process.pid}-${randomBytes(4).toString('hex')}`
  // React's production build whoever runs this: Vite and the React plugin take the mode from
  // NODE_ENV when it is set, and test runners set it to `test` (a development React, several times
  // slower, is not what a person gets). Restored as soon as the build has read its configuration.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      root: appDir,
      configFile: join(appDir, 'vite.config.ts'),
      logLevel: 'warn',
      customLogger: logger,
      build: { outDir: staging, emptyOutDir: true },
    })
    await rm(outDir, { recursive: true, force: true })
    await rename(staging, outDir)
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
    await rm(staging, { recursive: true, force: true })
  }
  return { outDir, built: true }
}
