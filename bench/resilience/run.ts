// The fault suite: the production profile (deploy/profile.ts: HAProxy, two API instances, the vault as
// its own process, PostgreSQL, Redis) under a steady mix of email logins, wallet creations and USDC
// sends on anvil, while one fault at a time is injected. For each fault it prints requests sent,
// acknowledged, failed with a clean error, failed without one, lost (acknowledged but absent), duplicated,
// and the seconds until requests succeeded again. Goal per row: 0 lost, 0 duplicated, recovery < 10 s.
//
//   npx tsx bench/resilience/run.ts [--faults api,api-each,vault,rpc,rolling,postgres,redis]
//
// PostgreSQL and Redis are the bench's own (ownServices.ts: a cluster and a server in a temp folder,
// on ports 15599 and 16399), so `postgres` and `redis` restart those, never the machine's shared ones.
// Needs Debian's haproxy and PostgreSQL 15. Not part of `npm test`: it takes minutes.
import { writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { LOCAL_USDC_ADDRESS } from '@satchel/core'
import pg from 'pg'
import { parseAbiItem } from 'viem'
import { type Phase, state } from './load'
import { sleep } from './sleep'
import { type System, startSystem } from './startSystem'

const ALL_FAULTS = ['api', 'api-each', 'vault', 'rpc', 'rolling', 'postgres', 'redis'] as const
type Fault = (typeof ALL_FAULTS)[number]
const { values } = parseArgs({
  options: { faults: { type: 'string', default: ALL_FAULTS.join(',') } },
})
const faults = (values.faults ?? '')
  .split(',')
  .filter((f): f is Fault => (ALL_FAULTS as readonly string[]).includes(f))

const BEFORE_FAULT_MS = 4_000
const AFTER_FAULT_MS = 20_000

async function main(): Promise<void> {
  const system = await startSystem()
  try {
    const load = system.startLoad()
    await sleep(3_000)
    const rows: Row[] = []
    for (const fault of faults) {
      state.phase = {
        fault,
        startedAt: Date.now(),
        faultAt: Date.now() + BEFORE_FAULT_MS,
        strikes: [],
        attempts: [],
      }
      await sleep(BEFORE_FAULT_MS)
      state.phase.faultAt = Date.now()
      console.log(`fault: ${fault}`)
      await inject(fault, system)
      console.log(`  injected; ${((Date.now() - state.phase.faultAt) / 1000).toFixed(1)} s (restarts ready)`)
      await sleep(AFTER_FAULT_MS)
      rows.push(summarize(state.phase))
    }
    state.stopping = true
    await load

    // Everything acknowledged must exist: users and wallets in the database, sends on the chain (the
    // reconciler is given time to see any recorded send through).
    await sleep(15_000)
    const checks = await verify(system)
    for (const row of rows) {
      row.lost = checks.lost.get(row.fault) ?? 0
      row.duplicated = checks.duplicated.get(row.fault) ?? 0
    }
    print(rows)
    await writeFile(
      new URL('./results.json', import.meta.url),
      `${JSON.stringify({ date: new Date().toISOString(), rows }, null, 2)}\n`,
    )
  } finally {
    await system.stop()
  }
}

// ---------------------------------------------------------------------------------------------------
// Faults

async function inject(fault: Fault, { profile, rpc, postgres, redis }: System): Promise<void> {
  switch (fault) {
    case 'api':
      await profile.kill('api1', 'SIGKILL')
      await sleep(3_000)
      await profile.start('api1')
      return
    case 'api-each':
      for (const name of ['api1', 'api2']) {
        state.phase.strikes.push(Date.now())
        await profile.kill(name, 'SIGKILL')
        await sleep(3_000)
        await profile.start(name)
        await sleep(3_000)
      }
      return
    case 'vault':
      await profile.kill('vault', 'SIGKILL')
      await sleep(3_000)
      await profile.start('vault')
      return
    case 'rpc':
      // For 5 s the node takes every transaction and drops the connection before answering.
      rpc.dropAfterAccepting = true
      await sleep(5_000)
      rpc.dropAfterAccepting = false
      return
    case 'rolling':
      for (const name of ['api1', 'api2']) {
        await profile.kill(name, 'SIGTERM')
        await profile.start(name)
        await sleep(2_000)
      }
      return
    case 'postgres':
      await postgres.restart()
      return
    case 'redis':
      await redis.restartFlushed()
      return
  }
}

// ---------------------------------------------------------------------------------------------------
// Verification and the table

type Row = {
  fault: string
  sent: number
  acknowledged: number
  failedClean: number
  failedUnclean: number
  lost: number
  duplicated: number
  recoverySeconds: number
  /** Why requests failed: `path code` or `path status`, with counts. */
  failures: Record<string, number>
  /** When they failed: seconds after the fault, each with its `path why`, in order. */
  failedAt: string[]
}

function summarize(p: Phase): Row {
  // Recovery from each strike: until the last failure before the next one (a fault that kills one
  // instance after another is as slow to recover from as its slowest kill, not the sum of them).
  const strikes = p.strikes.length > 0 ? p.strikes : [p.faultAt]
  const recovery = Math.max(
    ...strikes.map((at, i) => {
      const until = strikes[i + 1] ?? Number.POSITIVE_INFINITY
      const failed = p.attempts.filter((a) => a.outcome !== 'ack' && a.at >= at && a.at < until)
      return failed.length > 0 ? Math.max(...failed.map((a) => a.at)) - at : 0
    }),
  )
  return {
    fault: p.fault,
    sent: p.attempts.length,
    acknowledged: p.attempts.filter((a) => a.outcome === 'ack').length,
    failedClean: p.attempts.filter((a) => a.outcome === 'clean').length,
    failedUnclean: p.attempts.filter((a) => a.outcome === 'unclean').length,
    lost: 0,
    duplicated: 0,
    recoverySeconds: +(recovery / 1000).toFixed(1),
    failures: tally(
      p.attempts
        .filter((a) => a.outcome !== 'ack')
        .map((a) => `${a.path.replace(/wallet_[^/]+/, ':id')} ${a.why}`),
    ),
    failedAt: p.attempts
      .filter((a) => a.outcome !== 'ack')
      .map(
        (a) => `${((a.at - p.faultAt) / 1000).toFixed(1)} ${a.path.replace(/wallet_[^/]+/, ':id')} ${a.why}`,
      ),
  }
}

async function verify({ postgres, chain, senders }: System) {
  const lost = new Map<string, number>()
  const duplicated = new Map<string, number>()
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1)
  const db = new pg.Client({ connectionString: postgres.url })
  await db.connect()
  try {
    for (const ack of state.acks) {
      if (ack.kind === 'user') {
        const found = await db.query('select 1 from users where id = $1', [ack.id])
        if (found.rowCount === 0) count(lost, ack.phase)
      } else if (ack.kind === 'wallet') {
        const found = await db.query('select 1 from wallets where id = $1', [ack.id])
        if (found.rowCount === 0) count(lost, ack.phase)
      }
    }
  } finally {
    await db.end()
  }
  // Each send moves a distinct amount: an acknowledged amount missing from the chain is lost, one
  // that appears twice was sent twice.
  const transfers = new Map<string, number>()
  for (const sender of senders) {
    const logs = await chain.getLogs({
      address: LOCAL_USDC_ADDRESS,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      args: { from: sender.address, to: sender.recipient },
      fromBlock: 0n,
    })
    for (const log of logs) {
      const key = `${sender.address}/${log.args.value}`
      transfers.set(key, (transfers.get(key) ?? 0) + 1)
    }
  }
  for (const ack of state.acks) {
    if (ack.kind !== 'send') continue
    const seen = transfers.get(`${ack.sender}/${ack.amount}`) ?? 0
    if (seen === 0) count(lost, ack.phase)
    if (seen > 1) count(duplicated, ack.phase)
  }
  return { lost, duplicated }
}

function tally(items: string[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const item of items) counts[item] = (counts[item] ?? 0) + 1
  return counts
}

function print(rows: Row[]): void {
  const header =
    '| fault | sent | acknowledged | failed, clean error | failed, no clean error | lost | duplicated | recovery (s) |'
  console.log(header)
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
  for (const r of rows)
    console.log(
      `| ${r.fault} | ${r.sent} | ${r.acknowledged} | ${r.failedClean} | ${r.failedUnclean} | ${r.lost} | ${r.duplicated} | ${r.recoverySeconds} |`,
    )
  for (const r of rows) console.log(`${r.fault}: ${JSON.stringify(r.failures)}`)
  for (const r of rows) console.log(`${r.fault}, when (s after the fault): ${r.failedAt.join('; ')}`)
}

await main()
