import { mkdirSync, renameSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

// `satchel vault`, and how it reports a bad setting (its message names the variable, never the value).
const ENTRY = `import { runVaultProcess } from './packages/server/src/vault/runVaultProcess'
runVaultProcess(process.env).catch((error) => {
  console.error('satchel: failed to start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
`

/**
 * Builds the vault process (`satchel vault`) into one JavaScript file, `vault.mjs` in `outDir`, and
 * answers its path: run it with `node`. Started from the TypeScript sources, the vault compiles them
 * and loads viem's many modules file by file at every start, which took 12–35 s on a loaded 2-core
 * machine; this file answers in 2–3 s, so a vault restarted after a crash is back before the
 * balancer's clients give up. `outDir` should sit inside the repository: the native secp256k1 binding
 * is still looked up from `node_modules` beside it (without it the vault signs in JavaScript).
 *
 * @example
 * const vault = await buildVaultBundle(join(ROOT, 'deploy/.local'))
 * spawn(process.execPath, [vault], { env: { SATCHEL_VAULT_KEK, SATCHEL_VAULT_SECRET, SATCHEL_VAULT_SOCKET } })
 */
export async function buildVaultBundle(outDir: string): Promise<string> {
  mkdirSync(outDir, { recursive: true })
  const path = join(outDir, 'vault.mjs')
  // Written beside and renamed into place: a profile already running keeps a whole file to restart from.
  const building = `${path}.${process.pid}.tmp`
  await build({
    stdin: { contents: ENTRY, resolveDir: ROOT, loader: 'ts', sourcefile: 'vault-entry.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    outfile: building,
    logLevel: 'error',
  })
  renameSync(building, path)
  return path
}
