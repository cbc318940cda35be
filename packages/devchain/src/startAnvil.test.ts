import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { LOCAL_BASE_CHAIN_ID, LOCAL_CHAIN_ID, LOCAL_USDC_ADDRESS } from '@satchel/core'
import { createPublicClient, http } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import { satchelUsd } from './artifacts'
import { deployUsdc } from './deployUsdc'
import { AnvilStartError } from './errors'
import { fundAccount } from './fundAccount'
import { type StartAnvilReturnType, startAnvil } from './startAnvil'

const started: StartAnvilReturnType[] = []
afterAll(async () => {
  await Promise.all(started.map((chain) => chain.stop()))
})

async function start(parameters: Parameters<typeof startAnvil>[0]): Promise<StartAnvilReturnType> {
  const chain = await startAnvil(parameters)
  started.push(chain)
  return chain
}

// True when nothing listens on the port any more (we can bind it ourselves).
function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

async function answersRpc(rpcUrl: string): Promise<boolean> {
  try {
    await createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) }).getChainId()
    return true
  } catch {
    return false
  }
}

describe('startAnvil', () => {
  test('two chains run side by side, each answering its own chain id, and stop() frees the port', async () => {
    const [ethereum, base] = await Promise.all([
      start({ chainId: LOCAL_CHAIN_ID }),
      start({ chainId: LOCAL_BASE_CHAIN_ID }),
    ])
    expect(ethereum.port).not.toBe(base.port)
    expect(ethereum.rpcUrl).toBe(`http://127.0.0.1:${ethereum.port}`)
    const chainIds = await Promise.all(
      [ethereum, base].map((chain) => createPublicClient({ transport: http(chain.rpcUrl) }).getChainId()),
    )
    expect(chainIds).toEqual([31337, 31338])

    await ethereum.stop()
    expect(await isPortFree(ethereum.port)).toBe(true)
    expect(await answersRpc(ethereum.rpcUrl)).toBe(false)
    expect((await ethereum.exited).code).toBe(0)
    // The other chain is untouched.
    expect(await answersRpc(base.rpcUrl)).toBe(true)
    await base.stop()
    expect(await isPortFree(base.port)).toBe(true)
  })

  test('listens on the port it is given', async () => {
    const probe = await start({ chainId: LOCAL_CHAIN_ID })
    const port = probe.port
    await probe.stop()
    const chain = await start({ chainId: LOCAL_CHAIN_ID, port })
    expect(chain.rpcUrl).toBe(`http://127.0.0.1:${port}`)
    expect(await answersRpc(chain.rpcUrl)).toBe(true)
  })

  test("a port already in use fails at once with anvil's own reason", async () => {
    const first = await start({ chainId: LOCAL_CHAIN_ID })
    const error = await startAnvil({ chainId: LOCAL_BASE_CHAIN_ID, port: first.port }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(AnvilStartError)
    expect(String(error)).toMatch(/^AnvilStartError: anvil exited with code 1 before it was ready/)
    expect(String(error)).toContain('Address already in use')
    expect(await answersRpc(first.rpcUrl)).toBe(true)
  })

  test('with blockTime, blocks are mined without transactions', async () => {
    const chain = await start({ chainId: LOCAL_CHAIN_ID, blockTime: 0.2 })
    // cacheTime 0: viem otherwise serves a cached block number for the polling interval.
    const client = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 })
    await expect.poll(() => client.getBlockNumber(), { timeout: 3_000, interval: 100 }).toBeGreaterThan(2n)
  })

  test('refuses nonsense before spawning anything', async () => {
    await expect(startAnvil({ chainId: 0 })).rejects.toThrow('Invalid chain id: 0')
    await expect(startAnvil({ chainId: LOCAL_CHAIN_ID, port: 70_000 })).rejects.toThrow('Invalid port: 70000')
  })

  test('an anvil outlives no parent: it ends when the process that started it exits', async () => {
    const require = createRequire(import.meta.url)
    const tsx = require.resolve('tsx/cli')
    const startAnvilPath = fileURLToPath(new URL('./startAnvil.ts', import.meta.url))
    // The child starts a chain, prints its port and exits without calling stop().
    // (tsx evaluates as CommonJS, hence no top-level await.)
    const script = `import(${JSON.stringify(startAnvilPath)}).then(async ({ startAnvil }) => {
  const chain = await startAnvil({ chainId: 31337 })
  console.log(chain.port)
  process.exit(0)
})`
    const { stdout } = await promisify(execFile)(process.execPath, [tsx, '--eval', script])
    const port = Number(stdout.trim().split('\n').at(-1))
    expect(port).toBeGreaterThan(0)
    await expect.poll(() => isPortFree(port), { timeout: 5_000, interval: 50 }).toBe(true)
  })
})

describe('startAnvil with a state file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'satchel-devchain-'))
  afterAll(() => rmSync(directory, { recursive: true, force: true }))

  test('a second start on the same file keeps the contract, the balances and the history', async () => {
    // In a folder that does not exist yet: the devnet's data folder on a first start.
    const stateFile = join(directory, 'devnet', 'chain.json')
    const friend = '0x000000000000000000000000000000000000bEEF'

    const first = await start({ chainId: LOCAL_CHAIN_ID, stateFile })
    const deployment = await deployUsdc({ rpcUrl: first.rpcUrl, chainId: LOCAL_CHAIN_ID })
    expect(deployment.deployed).toBe(true)
    await fundAccount({
      rpcUrl: first.rpcUrl,
      chainId: LOCAL_CHAIN_ID,
      to: friend,
      asset: 'native',
      amount: 7n,
    })
    await fundAccount({
      rpcUrl: first.rpcUrl,
      chainId: LOCAL_CHAIN_ID,
      to: friend,
      asset: 'USDC',
      amount: 12_500_000n,
    })
    const blockBefore = await createPublicClient({ transport: http(first.rpcUrl) }).getBlockNumber()
    await first.stop()
    expect(existsSync(stateFile)).toBe(true)

    const second = await start({ chainId: LOCAL_CHAIN_ID, stateFile })
    const client = createPublicClient({ transport: http(second.rpcUrl) })
    expect(await client.getBlockNumber()).toBe(blockBefore)
    expect(await client.getBalance({ address: friend })).toBe(7n)
    const usdc = { address: LOCAL_USDC_ADDRESS, abi: satchelUsd.abi } as const
    expect(await client.readContract({ ...usdc, functionName: 'balanceOf', args: [friend] })).toBe(
      12_500_000n,
    )
    expect(await client.readContract({ ...usdc, functionName: 'symbol' })).toBe('USDC')

    const again = await deployUsdc({ rpcUrl: second.rpcUrl, chainId: LOCAL_CHAIN_ID })
    expect(again).toEqual({ address: LOCAL_USDC_ADDRESS, deployed: false, transactionHashes: [] })
    expect(await client.getBlockNumber()).toBe(blockBefore)
  })

  test('an unreadable state file fails with the reason anvil gives', async () => {
    const stateFile = join(directory, 'broken.json')
    writeFileSync(stateFile, '{not json')
    const error = await startAnvil({ chainId: LOCAL_CHAIN_ID, stateFile }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AnvilStartError)
    expect(String(error)).toMatch(/^AnvilStartError: anvil exited with code 2 before it was ready/)
    expect(String(error)).toContain('failed to parse json file')
  })
})
