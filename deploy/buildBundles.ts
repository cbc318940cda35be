import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BuildOptions, build, type Plugin } from 'esbuild'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const MIGRATIONS = join(ROOT, 'packages/server/src/platform/db/migrations')

// `satchel vault`, and how it reports a bad setting (its message names the variable, never the value).
const VAULT_ENTRY = `import { runVaultProcess } from './packages/server/src/vault/runVaultProcess'
runVaultProcess(process.env).catch((error) => {
  console.error('satchel: failed to start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
`

// The third-party packages the server bundle holds: plain JavaScript that finds no file of its own at
// run time. viem, zod and the WebAuthn stack are hundreds of small modules each; one parse instead of
// loading them file by file took an instance's start to /readyz from 2.2 s to 1.2 s (medians of 5, 2
// cores at load 2–3; from the sources under tsx 4.3 s). Every package bundled took 1.0 s, but then
// pino, PGlite, ioredis and @fastify/swagger look for their files or package.json beside the bundle,
// not beside themselves. A package not listed stays external: it works, and costs only its load time.
// What a listed package imports and is not listed stays external, one copy; a listed package that an
// external one imports too would be loaded twice (zod, viem: none does).
const BUNDLED = [
  '@hexagon/',
  '@levischuck/',
  '@noble/',
  '@peculiar/',
  '@scure/',
  '@simplewebauthn/server',
  'abitype',
  'asn1js',
  'canonicalize',
  'fastify-type-provider-zod',
  'jose',
  'libphonenumber-js',
  'otpauth',
  'ox',
  'pvtsutils',
  'pvutils',
  'reflect-metadata',
  'shamir-secret-sharing',
  'tslib',
  'tsyringe',
  'viem',
  'zod',
]

export type BuildBundlesReturnType = {
  /** `vault.mjs`: run with `node <vault>`. */
  vault: string
  /** `server.mjs`, the `satchel` command: run with `node <server> serve`. */
  server: string
}

/**
 * Builds the two processes of the production profile into `outDir`, each one JavaScript file, and
 * answers their paths: `vault.mjs` (`satchel vault`) and `server.mjs` (the `satchel` command, run as
 * `node server.mjs serve`), with the SQL migrations copied beside them (`migrations/`, where the
 * server's migrator looks, next to its own module).
 *
 * Why: started from the TypeScript sources under tsx, each process compiles them and loads viem's
 * many modules file by file at every start: the vault took 12–35 s and an API instance 70–220 s on a
 * loaded 2-core machine, far beyond what a balancer's clients wait after a crash.
 *
 * The workspace's packages (`@satchel/*`, whose exports are TypeScript sources) are bundled; so is every
 * package the vault imports, and the server's {@link BUNDLED} list. The server's other packages stay
 * external and node loads them from the repository's `node_modules`: `outDir` must sit inside the
 * repository, like the native secp256k1 binding both look up there (the vault signs in JavaScript
 * without it). Each file is written beside its place and renamed into it: a profile already running
 * always has a whole file to restart a process from.
 *
 * @example
 * const { vault, server } = await buildBundles(join(ROOT, 'deploy/.local/build'))
 * spawn(process.execPath, [vault], { env: { SATCHEL_VAULT_KEK, SATCHEL_VAULT_SECRET, SATCHEL_VAULT_SOCKET } })
 * spawn(process.execPath, [server, 'serve'], { env: { DATABASE_URL, REDIS_URL, PORT } })
 */
export async function buildBundles(outDir: string): Promise<BuildBundlesReturnType> {
  mkdirSync(outDir, { recursive: true })
  const vault = join(outDir, 'vault.mjs')
  const server = join(outDir, 'server.mjs')
  await Promise.all([
    bundle(vault, {
      stdin: { contents: VAULT_ENTRY, resolveDir: ROOT, loader: 'ts', sourcefile: 'vault-entry.ts' },
    }),
    bundle(server, {
      entryPoints: [join(ROOT, 'packages/server/src/cli.ts')],
      plugins: [onlyListedPackages],
    }),
  ])
  copyMigrations(join(outDir, 'migrations'))
  return { vault, server }
}

/** Bare imports stay imports, except `@satchel/*` and {@link BUNDLED}: those are bundled. */
const onlyListedPackages: Plugin = {
  name: 'only-listed-packages',
  setup(builder) {
    // esbuild's filters have no lookahead: every bare specifier comes here.
    builder.onResolve({ filter: /^[^./]/ }, ({ path, importer }) => {
      if (path.startsWith('@satchel/') || BUNDLED.some((name) => isPackage(path, name))) return undefined
      // Loaded from the bundle's folder at run time: that must find the copy the importer would.
      const name = packageName(path)
      const own = findPackageDir(name, dirname(importer))
      if (own && own !== findPackageDir(name, ROOT))
        return { errors: [{ text: `${relative(ROOT, own)} is not the root's ${name}: bundle it (BUNDLED)` }] }
      return { path, external: true }
    })
  },
}

async function bundle(
  path: string,
  entry: Pick<BuildOptions, 'stdin' | 'entryPoints' | 'plugins'>,
): Promise<void> {
  const { outputFiles } = await build({
    ...entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    outfile: path,
    write: false,
    logLevel: 'error',
  })
  const text = outputFiles[0]?.text ?? ''
  // CommonJS bundled into an ES module: `__dirname` is undefined and a `require` of what stays outside
  // throws ("Dynamic require of ... is not supported"), each only when that line runs. Refused here.
  const broken = /\b__dirname\b|\b__filename\b|Dynamic require of/.exec(text)
  if (broken) {
    const what = broken[0].startsWith('Dynamic') ? 'a require() of what stays outside' : broken[0]
    throw new Error(`${path}: a bundled package uses ${what}; leave it external (BUNDLED)`)
  }
  const building = `${path}.${process.pid}.tmp`
  writeFileSync(building, text)
  renameSync(building, path)
}

/**
 * The migrations, file by file (copied, then renamed into place): an instance starting meanwhile
 * reads each file whole. A file no longer in the sources is removed, so that it is not applied.
 */
function copyMigrations(dir: string): void {
  mkdirSync(dir, { recursive: true })
  const sources = new Set(readdirSync(MIGRATIONS))
  for (const name of sources) {
    const building = join(dir, `.${name}.${process.pid}.tmp`)
    copyFileSync(join(MIGRATIONS, name), building)
    renameSync(building, join(dir, name))
  }
  // Another build's files in flight (`.tmp`) are its own.
  for (const name of readdirSync(dir))
    if (!sources.has(name) && !name.endsWith('.tmp')) rmSync(join(dir, name), { force: true })
}

/** `name` is a package (`zod`) or a scope (`@noble/`); `path` is it or a file of it. */
function isPackage(path: string, name: string): boolean {
  return name.endsWith('/') ? path.startsWith(name) : path === name || path.startsWith(`${name}/`)
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageName(path: string): string {
  const parts = path.split('/')
  return parts.slice(0, path.startsWith('@') ? 2 : 1).join('/')
}

/** The folder node would load `name` from, looking up from `dir`, or undefined (a builtin). */
function findPackageDir(name: string, dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name)
    if (existsSync(candidate)) return candidate
    if (dirname(at) === at) return undefined
  }
}
