import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { SDK_BUDGET_GZIP_BYTES } from '../bench/bundle/measureBundles'
import { measureInstalledBundles } from '../bench/bundle/measureInstalledBundles'
import { cleanEnv } from './packaging/cleanEnv'
import { freePort } from './packaging/freePort'
import { installTarballs } from './packaging/installTarballs'
import { listBuiltImports } from './packaging/listBuiltImports'
import { type PackedPackage, packPackages } from './packaging/packPackages'
import { ROOT } from './packaging/publishedPackages'
import { run } from './packaging/run'
import { signInAndSign } from './packaging/signInAndSign'
import { type StartedProcess, startProcess } from './packaging/startProcess'

// Everything here happens outside the workspace: the packages are packed (build, publishConfig), and
// installed with npm into copies of the examples and an empty folder under the OS temp dir, so an
// import that only works through the workspace's hoisted node_modules or its sources fails here.

const bin = (dir: string, name: string) => join(dir, 'node_modules/.bin', name)
const createdSchema = z.object({ app_id: z.string() })
const timings: Record<string, number> = {}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now()
  try {
    return await work()
  } finally {
    timings[label] = Date.now() - started
  }
}

let releaseDir = ''
let packed: PackedPackage[] = []
const dirs = { server: '', vite: '', next: '' }
const ports = { server: 0, vite: 0, next: 0 }
const started: StartedProcess[] = []
let serverUrl = ''
let appId = ''
let browser: Browser | undefined
const envs = { vite: cleanEnv(), next: cleanEnv() }
/** Both examples build side by side from the start; each test waits for its own. */
const builds: { vite?: Promise<string>; next?: Promise<string> } = {}

beforeAll(async () => {
  releaseDir = await mkdtemp(join(tmpdir(), 'satchel-release-'))
  packed = await timed('pack (build 4 packages)', () => packPackages({ outDir: releaseDir }))
  ;[ports.server, ports.vite, ports.next] = await Promise.all([freePort(), freePort(), freePort()])
  // Three independent installs: npm runs them side by side.
  ;[dirs.server, dirs.vite, dirs.next] = await timed('npm install (server, vite, next)', () =>
    Promise.all([
      installTarballs({ name: 'server', add: ['@satchel/server'], packed }),
      installTarballs({ from: join(ROOT, 'examples/vite'), name: 'vite', packed }),
      installTarballs({ from: join(ROOT, 'examples/next'), name: 'next', packed }),
    ]),
  )
  // `npx satchel apps create ...` and `npx satchel serve` in the empty folder: PGlite in ./.satchel.
  const created = await run(
    bin(dirs.server, 'satchel'),
    [
      'apps',
      'create',
      '--name',
      'Examples',
      '--origin',
      `http://127.0.0.1:${ports.vite}`,
      '--origin',
      `http://127.0.0.1:${ports.next}`,
      '--methods',
      'email',
      '--json',
    ],
    { cwd: dirs.server, env: cleanEnv() },
  )
  appId = createdSchema.parse(JSON.parse(created.trim().split('\n').at(-1) ?? '')).app_id
  serverUrl = `http://127.0.0.1:${ports.server}`
  envs.vite = cleanEnv({ VITE_SATCHEL_APP_ID: appId, VITE_SATCHEL_SERVER_URL: serverUrl })
  envs.next = cleanEnv({
    NEXT_PUBLIC_SATCHEL_APP_ID: appId,
    NEXT_PUBLIC_SATCHEL_SERVER_URL: serverUrl,
    SATCHEL_SERVER_URL: serverUrl,
    NEXT_TELEMETRY_DISABLED: '1',
  })
  builds.vite = timed('vite example: build', () =>
    run('npm', ['run', 'build'], { cwd: dirs.vite, env: envs.vite }),
  )
  builds.next = timed('next example: build', () =>
    run('npm', ['run', 'build'], { cwd: dirs.next, env: envs.next }),
  )
  // Awaited by their tests; a failure is reported there, not as an unhandled rejection here.
  for (const build of Object.values(builds)) build.catch(() => {})
  started.push(
    await startProcess(bin(dirs.server, 'satchel'), ['serve'], {
      cwd: dirs.server,
      env: cleanEnv({ PORT: String(ports.server), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }),
      readyUrl: `${serverUrl}/healthz`,
    }),
  )
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--headless'],
  })
})

afterAll(async () => {
  await Promise.allSettled(Object.values(builds))
  await browser?.close()
  for (const child of started.reverse()) await child.stop()
  await Promise.all(
    [releaseDir, ...Object.values(dirs)]
      .filter(Boolean)
      .map((dir) => rm(dir, { recursive: true, force: true })),
  )
  console.log(`packaging check timings (ms): ${JSON.stringify(timings)}`)
})

/** A page that records every script error, console error and failed request (a favicon aside). */
async function openPage() {
  if (!browser) throw new Error('no browser')
  const page = await browser.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    // A failed request is reported with its URL below; the console's line has none.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text())
  })
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico'))
      errors.push(`${response.status()} ${response.url()}`)
  })
  return { page, errors }
}

describe('the packed packages', () => {
  it('pass publint and arethetypeswrong (ES modules with types, for Node 16+ and bundlers)', async () => {
    await Promise.all(
      packed.map(async ({ tarball }) => {
        await run(bin(ROOT, 'publint'), ['run', tarball, '--strict'], { cwd: ROOT, env: cleanEnv() })
        await run(bin(ROOT, 'attw'), [tarball, '--profile', 'esm-only', '--format', 'ascii'], {
          cwd: ROOT,
          env: cleanEnv(),
        })
      }),
    )
  })

  it('ship what runs: built JavaScript and declarations, never sources or tests', () => {
    expect(packed.map((item) => item.name)).toEqual([
      '@satchel/core',
      '@satchel/react',
      '@satchel/server',
      '@satchel/node',
    ])
    for (const item of packed) {
      expect(item.files).toContain('package.json')
      expect(item.files).toContain('LICENSE')
      expect(item.files).toContain('dist/index.js')
      expect(item.files).toContain('dist/index.d.ts')
      const stray = item.files.filter(
        (file) => !/^(package\.json|README\.md|LICENSE|CHANGELOG\.md|dist\/.+\.(js|d\.ts|sql))$/.test(file),
      )
      expect(stray, item.name).toEqual([])
      expect(item.files.filter((file) => /\.test\.|testing\/|\/test[A-Z]/.test(file))).toEqual([])
    }
  })

  it("keep the SDK's heavy parts behind import(): the modal's screens, WalletConnect, WebAuthn, SIWE", async () => {
    const imports = await listBuiltImports(join(dirs.vite, 'node_modules/@satchel/react'))
    const lazy =
      /^(@walletconnect\/(core|sign-client|utils|jsonrpc-ws-connection)|@reown\/walletkit|@simplewebauthn\/browser|viem\/siwe|.*\/(LoginModal|SmsScreen|WalletConnectScreen)\.js)$/
    const loaded = imports.filter((item) => lazy.test(item.specifier))
    expect(loaded.filter((item) => item.kind !== 'dynamic')).toEqual([])
    expect(new Set(loaded.map((item) => item.specifier.replace(/^.*\//, '')))).toEqual(
      new Set([
        'core',
        'sign-client',
        'utils',
        'jsonrpc-ws-connection',
        'walletkit',
        'browser',
        'siwe',
        'LoginModal.js',
        'SmsScreen.js',
        'WalletConnectScreen.js',
      ]),
    )
  })

  it('the server carries its migrations and its bin, and none of the devnet tooling', async () => {
    const server = packed.find((item) => item.name === '@satchel/server')
    expect(server?.files).toContain('dist/cli.js')
    expect(server?.files).toContain('dist/platform/db/migrations/001_identity.sql')
    expect(server?.files.filter((file) => /devchain|Artifacts/.test(file))).toEqual([])
    const manifest = z
      .object({ dependencies: z.record(z.string(), z.string()), bin: z.record(z.string(), z.string()) })
      .parse(
        JSON.parse(await readFile(join(dirs.server, 'node_modules/@satchel/server/package.json'), 'utf8')),
      )
    const devnetOnly = /^(solc|litesvm|@foundry-rs\/anvil|@satchel\/devchain)$/
    expect(Object.keys(manifest.dependencies).filter((name) => devnetOnly.test(name))).toEqual([])
    expect(manifest.bin).toEqual({ satchel: './dist/cli.js' })
  })
})

describe('examples/vite, installed from the tarballs', () => {
  it('builds (types checked against the published declarations), signs in by email, creates a wallet and signs a message viem verifies', async () => {
    const env = envs.vite
    await builds.vite
    const url = `http://127.0.0.1:${ports.vite}`
    started.push(
      await startProcess(
        bin(dirs.vite, 'vite'),
        ['preview', '--host', '127.0.0.1', '--port', String(ports.vite), '--strictPort'],
        {
          cwd: dirs.vite,
          env,
          readyUrl: url,
        },
      ),
    )
    const { page, errors } = await openPage()
    await page.goto(url)
    const { userId } = await timed('vite example: browser', () =>
      signInAndSign({ page, serverUrl, appId, email: 'vite@example.com' }),
    )
    expect(userId).toMatch(/^usr_/)
    expect(errors).toEqual([])
    await page.close()
  })

  it('the installed SDK adds at most 65,000 bytes gzip to a one-button app, the modal and phone metadata lazy', async () => {
    const report = await timed('bench/bundle on the installed SDK', () => measureInstalledBundles(dirs.vite))
    console.log(
      `installed SDK adds ${report.sdkAdded.gzip} B gzip to the first load (budget ${report.budgetGzip})`,
    )
    expect(SDK_BUDGET_GZIP_BYTES).toBe(65_000)
    expect(report.sdkAdded.gzip).toBeGreaterThan(0)
    expect(report.sdkAdded.gzip).toBeLessThanOrEqual(SDK_BUDGET_GZIP_BYTES)
    expect(report.minimal.modal?.gzip).toBeGreaterThan(1_000)
    expect(report.minimal.sms?.gzip).toBeGreaterThan(15_000)
    const initialFiles = report.minimal.initial.files.map((file) => file.file).join(' ')
    expect(initialFiles).not.toMatch(/LoginModal|SmsScreen/)
  })
})

describe('examples/next, installed from the tarballs', () => {
  it('builds and renders on the server without touching window, signs in, signs, and its route verifies the token with @satchel/node', async () => {
    const env = envs.next
    await builds.next
    const url = `http://127.0.0.1:${ports.next}`
    started.push(
      await startProcess(
        bin(dirs.next, 'next'),
        ['start', '--hostname', '127.0.0.1', '--port', String(ports.next)],
        {
          cwd: dirs.next,
          env,
          readyUrl: url,
        },
      ),
    )
    // The server's HTML, before any script runs: rendered with the provider, in its loading state.
    const html = await (await fetch(url)).text()
    expect(html).toContain('Loading…')
    // Without a token, the route answers the catalogue's error.
    const anonymous = await fetch(`${url}/api/me`)
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ code: 'missing_or_invalid_token' })

    const { page, errors } = await openPage()
    await page.goto(url)
    const { userId } = await timed('next example: browser', () =>
      signInAndSign({ page, serverUrl, appId, email: 'next@example.com' }),
    )
    await page.getByRole('button', { name: 'Ask the server who I am' }).click()
    expect(await page.getByTestId('server-user-id').filter({ hasText: /^usr_/ }).textContent()).toBe(userId)
    expect(errors).toEqual([])
    await page.close()
  })
})
