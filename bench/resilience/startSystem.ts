// The whole system under test, started for one run: the bench's own PostgreSQL and Redis, anvil with
// USDC behind the dropping RPC proxy, the mail relay, the production profile (HAProxy, two API
// instances, the vault), an app, and funded senders; then the steady load's workers.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { deployUsdc, fundAccount, startAnvil } from '@satchel/devchain'
import { createPublicClient, getAddress, http, parseEther } from 'viem'
import { type Profile, startProfile } from '../../deploy/profile'
import { Api, CHAIN_ID, loginLoop, ORIGIN, type Sender, sendLoop, state, walletLoop } from './load'
import { type OwnPostgres, type OwnRedis, startOwnPostgres, startOwnRedis } from './ownServices'
import { type RpcProxy, startMailSink, startRpcProxy } from './standIns'

// RESILIENCE_PORT_OFFSET moves every port, so a soak and a fault run can run side by side.
const OFFSET = Number(process.env.RESILIENCE_PORT_OFFSET ?? 0)
const PG_PORT = 15599 + OFFSET
const REDIS_PORT = 16399 + OFFSET
const LB = `127.0.0.1:${18080 + OFFSET}`
const SENDERS = 3
const LOGIN_WORKERS = 2
const run = promisify(execFile)

export type System = {
  profile: Profile
  rpc: RpcProxy
  postgres: OwnPostgres
  redis: OwnRedis
  chain: ReturnType<typeof createPublicClient>
  senders: Sender[]
  /** Starts the workers; resolves when they have all stopped (after `state.stopping`). */
  startLoad(): Promise<unknown>
  stop(): Promise<void>
}

export async function startSystem(): Promise<System> {
  const stateDir = await mkdtemp(join(tmpdir(), 'satchel-resilience-'))
  const postgres = await startOwnPostgres(PG_PORT)
  const redis = await startOwnRedis(stateDir, REDIS_PORT)
  const anvil = await startAnvil({ chainId: CHAIN_ID })
  await deployUsdc({ rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID })
  const rpc = await startRpcProxy(anvil.rpcUrl)
  const mail = await startMailSink()
  let profile: Profile | undefined
  const stop = async () => {
    state.stopping = true
    await profile?.stop()
    rpc.server.close()
    await mail.server.close(() => {})
    await anvil.stop()
    await redis.stop()
    await postgres.stop()
    await rm(stateDir, { recursive: true, force: true })
  }
  try {
    profile = await startProfile({
      bind: LB,
      basePort: 18801 + OFFSET,
      stateDir,
      env: {
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        EMAIL_FROM: 'Satchel <no-reply@satchel.test>',
        RPC_URLS: `${CHAIN_ID}=${rpc.url}`,
        SATCHEL_PUBLIC_URL: `http://${LB}`,
        // Every request arrives from one address: the per-IP limits would be the only thing measured.
        RATE_LIMIT_SCALE: '100000',
        SHUTDOWN_DRAIN_SECONDS: '3',
      },
      onOutput: (name, line) => {
        if (/error|fatal/i.test(line)) console.error(`[${name}] ${line.slice(0, 300)}`)
      },
    })
    const created = await run(
      process.execPath,
      [
        profile.satchelBundle,
        'apps',
        'create',
        '--name',
        'Resilience',
        '--origin',
        ORIGIN,
        '--methods',
        'email',
        '--json',
      ],
      { env: { ...process.env, ...profile.apiEnv } },
    )
    const appId: string = JSON.parse(created.stdout).app_id
    const api = new Api(`http://${LB}`, appId, mail)
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) })

    // Senders: users whose wallets hold ETH for gas and USDC to send, one send at a time each.
    const senders: Sender[] = []
    for (let i = 0; i < SENDERS; i++) {
      const user = await api.login(`sender-${i}@example.com`)
      const wallet = user && (await api.createWallet(user))
      if (!user || !wallet) throw new Error('could not prepare the senders')
      const address = getAddress(wallet.address)
      await fundAccount({
        rpcUrl: anvil.rpcUrl,
        chainId: CHAIN_ID,
        to: address,
        asset: 'native',
        amount: parseEther('10'),
      })
      await fundAccount({
        rpcUrl: anvil.rpcUrl,
        chainId: CHAIN_ID,
        to: address,
        asset: 'USDC',
        amount: 10_000_000_000n,
      })
      senders.push({
        user,
        walletId: wallet.id,
        address,
        recipient: getAddress(`0x${randomBytes(20).toString('hex')}`),
      })
    }
    const started = profile
    return {
      profile: started,
      rpc,
      postgres,
      redis,
      chain,
      senders,
      startLoad: () =>
        Promise.all([
          ...Array.from({ length: LOGIN_WORKERS }, (_, w) => loginLoop(api, w)),
          walletLoop(api),
          ...senders.map((sender) => sendLoop(api, sender)),
        ]),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
