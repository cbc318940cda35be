import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { getSolanaCluster, LOCAL_BASE_CHAIN_ID, LOCAL_CHAIN_ID } from '@satchel/core'
import { deployUsdc, startAnvil, startSolanaCluster } from '@satchel/devchain'
import { buildApp, inviteOperator, loadConfig, readOperatorAppId, serveConsole } from '@satchel/server'
import { type OutboxRow, renderOutboxPage } from './outbox/renderOutboxPage'
import { createRelay } from './relay/createRelay'
import { createSandboxOnramp, DEFAULT_SANDBOX_ONRAMP_PORT } from './sandbox-onramp/createSandboxOnramp'
import { buildWallet, CONSOLE_DIR } from './wallet/buildWallet'
import { serveWallet } from './wallet/serveWallet'

export type DevnetPorts = {
  api: number
  relay: number
  chains: Record<number, number>
  /** The sandbox onramp's checkout page; any free port when left out. */
  sandbox?: number
  /** The local Solana cluster's JSON-RPC; any free port when left out. */
  solana?: number
}

// USD prices the devnet's wallet shows: round figures, not a market feed.
const DEVNET_PRICES = { ETH: 3000, SOL: 150 }

export const DEFAULT_PORTS: DevnetPorts = {
  api: 8787,
  relay: 8790,
  sandbox: DEFAULT_SANDBOX_ONRAMP_PORT,
  // Solana's own default RPC port (solana-test-validator's).
  solana: 8899,
  chains: { [LOCAL_CHAIN_ID]: 8545, [LOCAL_BASE_CHAIN_ID]: 8546 },
}

export type StartDevnetParameters = {
  /** Everything the devnet keeps between starts: the database, keys, chain state. */
  dataDir?: string
  ports?: DevnetPorts
  env?: Record<string, string | undefined>
  log?: (line: string) => void
  /** Where the built web wallet is kept. Default `<dataDir>/wallet-dist` (rebuilt when its sources change). */
  walletDistDir?: string
  /** Where the built console is kept. Default `<dataDir>/console-dist`. */
  consoleDistDir?: string
}

/** The console's owner on the devnet: `npm start` prints it; its codes land in the dev outbox. */
export const DEVNET_OPERATOR_EMAIL = 'operator@satchel.local'

export type Devnet = {
  appId: string
  /** The API server itself, for tests that need to see or move its state (a session's age). */
  server: Awaited<ReturnType<typeof buildApp>>
  urls: {
    api: string
    wallet: string
    /** The Satchel console (sign in as DEVNET_OPERATOR_EMAIL). */
    console: string
    outbox: string
    sandbox: string
    relay: string
    chains: Record<number, string>
    /** The local Solana cluster, standing in for Solana devnet (`caip2`). */
    solana: { rpcUrl: string; subscriptionsUrl: string; caip2: string; usdcMint: string }
  }
  stop(): Promise<void>
}

// The local Solana cluster answers for Solana devnet: the API sends devnet's transactions to it.
const SOLANA_CLUSTER = getSolanaCluster('devnet')

/**
 * The local world of `npm start`: two anvil chains with the USDC-like token and a funded treasury,
 * a local Solana cluster (LiteSVM) standing in for Solana devnet with a USDC-like mint and a treasury,
 * the loopback WalletConnect relay, the API on PGlite with the dev outbox page, and the development
 * app (made on first start, reused after). Chain state and the database live in `dataDir`.
 */
export async function startDevnet({
  dataDir = '.satchel',
  ports = DEFAULT_PORTS,
  env = process.env,
  log = console.log,
  walletDistDir,
  consoleDistDir,
}: StartDevnetParameters = {}): Promise<Devnet> {
  const dir = resolve(dataDir)
  await mkdir(join(dir, 'chains'), { recursive: true })
  // The wallet builds (when its sources changed) while the chains and the API start.
  const walletBuild = buildWallet({ outDir: resolve(walletDistDir ?? join(dir, 'wallet-dist')), log })
  walletBuild.catch(() => {})
  // Then the console: two Vite builds at once would only fight over the same cores.
  const consoleBuild = walletBuild.then(() =>
    buildWallet({ appDir: CONSOLE_DIR, outDir: resolve(consoleDistDir ?? join(dir, 'console-dist')), log }),
  )
  consoleBuild.catch(() => {})
  const stops: Array<() => Promise<void>> = []
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => {})
  }
  try {
    const chains: Record<number, string> = {}
    for (const [id, port] of Object.entries(ports.chains)) {
      const chainId = Number(id)
      const anvil = await startAnvil({ chainId, port, stateFile: join(dir, 'chains', `${chainId}.json`) })
      stops.push(() => anvil.stop())
      await deployUsdc({ rpcUrl: anvil.rpcUrl, chainId })
      chains[chainId] = anvil.rpcUrl
    }
    const solanaCluster = await startSolanaCluster({
      port: ports.solana ?? 0,
      stateFile: join(dir, 'chains', 'solana.bin'),
    })
    stops.push(() => solanaCluster.close())
    const solana = {
      rpcUrl: solanaCluster.rpcUrl,
      subscriptionsUrl: solanaCluster.subscriptionsUrl,
      caip2: SOLANA_CLUSTER.caip2,
      usdcMint: solanaCluster.mint,
    }
    const relay = await createRelay({ port: ports.relay })
    stops.push(() => relay.close())

    const apiUrl = `http://localhost:${ports.api}`
    // The sandbox onramp pays on the local chains from the treasury; a fresh secret each start ties
    // its checkout links and webhooks to this API alone.
    const sandboxSecret = randomBytes(32).toString('hex')
    const sandbox = await createSandboxOnramp({
      port: ports.sandbox ?? 0,
      apiUrl,
      webhookSecret: sandboxSecret,
      chains: Object.entries(chains).map(([id, rpcUrl]) => ({ chainId: Number(id), rpcUrl })),
      solana: { caip2: solana.caip2, rpcUrl: solana.rpcUrl },
      log: () => {},
    })
    stops.push(() => sandbox.close())
    const config = loadConfig({
      ...env,
      SANDBOX_ONRAMP_URL: sandbox.url,
      SANDBOX_ONRAMP_WEBHOOK_SECRET: sandboxSecret,
      PORT: String(ports.api),
      SATCHEL_DATA_DIR: dir,
      SATCHEL_PUBLIC_URL: apiUrl,
      RPC_URLS: Object.entries(chains)
        .map(([id, url]) => `${id}=${url}`)
        .join(','),
      SOLANA_RPC_URLS: `${SOLANA_CLUSTER.cluster}=${solana.rpcUrl}`,
    })
    const server = await buildApp(config, { logger: false })
    stops.push(() => server.close())
    const appId = await ensureDevApp(server, dir, [apiUrl, `http://127.0.0.1:${ports.api}`])

    // The devnet's outbox page (never part of a production server): a page for the developer, no credential.
    server.get('/outbox', { schema: { hide: true }, config: { guard: 'none' } }, async (_request, reply) => {
      const rows = await server.satchel.db.query<OutboxRow>(
        'select channel, recipient, subject, body, created_at from dev_outbox order by id desc limit 50',
      )
      return reply.type('text/html; charset=utf-8').send(renderOutboxPage(rows))
    })
    const chainList = Object.entries(chains).map(([id, url]) => ({ id: Number(id), rpc_url: url }))
    await serveWallet(server, {
      distDir: (await walletBuild).outDir,
      config: {
        app_id: appId,
        chains: chainList,
        outbox_url: `${apiUrl}/outbox`,
        solana: {
          caip2: solana.caip2,
          rpc_url: solana.rpcUrl,
          subscriptions_url: solana.subscriptionsUrl,
          usdc_mint: solana.usdcMint,
        },
        // The loopback relay takes any project id; production sets the operator's own.
        walletconnect: { project_id: 'satchel-devnet', relay_url: relay.url },
        // Fixed prices, so the wallet's fiat values are the same in every run (stablecoins count as 1).
        prices: DEVNET_PRICES,
      },
    })
    await openConsole(server, [apiUrl, `http://127.0.0.1:${ports.api}`])
    await serveConsole(server, server.satchel, {
      distDir: (await consoleBuild).outDir,
      chains: chainList,
      solana: { caip2: solana.caip2, rpc_url: solana.rpcUrl },
    })
    await server.listen({ port: ports.api, host: '127.0.0.1' })

    const urls = {
      api: apiUrl,
      wallet: `${apiUrl}/`,
      console: `${apiUrl}/console`,
      outbox: `${apiUrl}/outbox`,
      sandbox: sandbox.url,
      relay: relay.url,
      chains,
      solana,
    }
    log(`Satchel devnet is running.
  Wallet          ${urls.wallet}   <- open this
  Console         ${urls.console}   (sign in as ${DEVNET_OPERATOR_EMAIL}, an owner)
  API             ${urls.api}/api/v1   (app id ${appId})
  Dev outbox      ${urls.outbox}   (sign-in codes land here)
  Chains          ${Object.entries(chains)
    .map(([id, url]) => `${id} ${url}`)
    .join(', ')}
  Solana          ${solana.rpcUrl}   (local cluster for ${SOLANA_CLUSTER.name}, USDC ${solana.usdcMint})
  Sandbox onramp  ${urls.sandbox}   (test card 4242 4242 4242 4242)
  WalletConnect   ${urls.relay}
Data is kept in ${dir}. Press Ctrl-C to stop.`)
    return { appId, urls, server, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * The console on the devnet: its app takes both loopback spellings of the API's origin, and
 * DEVNET_OPERATOR_EMAIL is an owner (an invitation until its first sign-in).
 */
async function openConsole(server: Awaited<ReturnType<typeof buildApp>>, origins: string[]): Promise<void> {
  const ctx = server.satchel
  const id = await readOperatorAppId(ctx)
  const app = id ? await ctx.apps.getApp(id) : undefined
  if (!app) return
  const missing = origins.filter((origin) => !app.allowedOrigins.includes(origin))
  if (missing.length)
    await ctx.apps.updateApp(app.id, { allowedOrigins: [...app.allowedOrigins, ...missing] })
  await inviteOperator(ctx.db, { email: DEVNET_OPERATOR_EMAIL, role: 'owner', invitedBy: 'devnet' })
}

/** The development app: made on first start with every login method, its id kept in the data folder. */
async function ensureDevApp(
  server: Awaited<ReturnType<typeof buildApp>>,
  dir: string,
  origins: string[],
): Promise<string> {
  const file = join(dir, 'devnet.json')
  try {
    const saved: unknown = JSON.parse(await readFile(file, 'utf8'))
    const id = typeof saved === 'object' && saved && 'app_id' in saved ? String(saved.app_id) : ''
    if (id && (await server.satchel.apps.getApp(id))) return id
  } catch {}
  const { app } = await server.satchel.apps.createApp({
    name: 'Satchel Wallet',
    allowedOrigins: origins,
    loginMethods: ['email', 'sms', 'guest', 'passkey', 'siwe', 'siws'],
    mode: 'development',
  })
  await writeFile(file, `${JSON.stringify({ app_id: app.id }, null, 2)}\n`)
  return app.id
}
