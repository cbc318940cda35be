import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { fetchToken, findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FundSolanaAccountError } from '../errors'
import { fundSolanaAccount } from './fundSolanaAccount'
import { DEVCHAIN_SOLANA_USDC_MINT } from './solanaAccounts'
import { type StartSolanaClusterReturnType, startSolanaCluster } from './startSolanaCluster'

let cluster: StartSolanaClusterReturnType
let rpc: ReturnType<typeof createSolanaRpc>
const mint = address(DEVCHAIN_SOLANA_USDC_MINT)

beforeAll(async () => {
  cluster = await startSolanaCluster()
  rpc = createSolanaRpc(cluster.rpcUrl)
})
afterAll(() => cluster?.close())

describe('fundSolanaAccount', () => {
  it('pays SOL from the treasury', async () => {
    const { address: to } = await generateKeyPairSigner()
    const signature = await fundSolanaAccount({
      rpcUrl: cluster.rpcUrl,
      to,
      asset: 'native',
      amount: 1_500_000_000n,
    })
    expect((await rpc.getBalance(to).send()).value).toBe(1_500_000_000n)
    const [status] = (await rpc.getSignatureStatuses([signature]).send()).value
    expect(status?.err).toBeNull()
  })

  it('pays USDC into a token account it creates, then into the same one again', async () => {
    const { address: to } = await generateKeyPairSigner()
    const [ata] = await findAssociatedTokenPda({ owner: to, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    await fundSolanaAccount({ rpcUrl: cluster.rpcUrl, to, asset: 'USDC', amount: 25_000_000n })
    // The same funding twice at once: both land (each on its own blockhash).
    await Promise.all([
      fundSolanaAccount({ rpcUrl: cluster.rpcUrl, to, asset: 'USDC', amount: 1_000_000n }),
      fundSolanaAccount({ rpcUrl: cluster.rpcUrl, to, asset: 'USDC', amount: 1_000_000n }),
    ])
    expect((await fetchToken(rpc, ata)).data).toMatchObject({ owner: to, mint, amount: 27_000_000n })
    // The recipient holds no SOL: the treasury paid the account's rent and the fees.
    expect((await rpc.getBalance(to).send()).value).toBe(0n)
  })

  it('refuses a recipient that is no Solana address, and a zero amount', async () => {
    await expect(
      fundSolanaAccount({
        rpcUrl: cluster.rpcUrl,
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        asset: 'USDC',
        amount: 1n,
      }),
    ).rejects.toThrow(FundSolanaAccountError)
    const { address: to } = await generateKeyPairSigner()
    await expect(
      fundSolanaAccount({ rpcUrl: cluster.rpcUrl, to, asset: 'native', amount: 0n }),
    ).rejects.toThrow('Invalid amount: 0 (must be above zero)')
  })

  it('names the cluster refusal when the treasury cannot pay', async () => {
    const { address: to } = await generateKeyPairSigner()
    await expect(
      fundSolanaAccount({ rpcUrl: cluster.rpcUrl, to, asset: 'native', amount: 10n ** 18n }),
    ).rejects.toThrow(/Funding .* with native failed[\s\S]*Transaction simulation failed/)
  })
})

describe('a cluster with a state file', () => {
  it('keeps balances from one start to the next', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'satchel-solana-'))
    try {
      const stateFile = join(dir, 'chains', 'solana.bin')
      const { address: to } = await generateKeyPairSigner()
      const first = await startSolanaCluster({ stateFile })
      await fundSolanaAccount({ rpcUrl: first.rpcUrl, to, asset: 'USDC', amount: 3_000_000n })
      // Saved after the transfer even before the cluster is closed (a killed devnet keeps it too).
      for (let attempt = 0; attempt < 100 && !existsSync(stateFile); attempt++)
        await new Promise((resolve) => setTimeout(resolve, 50))
      expect(existsSync(stateFile)).toBe(true)
      await first.close()
      const second = await startSolanaCluster({ stateFile })
      try {
        const [ata] = await findAssociatedTokenPda({ owner: to, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
        expect((await fetchToken(createSolanaRpc(second.rpcUrl), ata)).data.amount).toBe(3_000_000n)
        // New transfers land on the restored ledger.
        await fundSolanaAccount({ rpcUrl: second.rpcUrl, to, asset: 'USDC', amount: 1_000_000n })
        expect((await fetchToken(createSolanaRpc(second.rpcUrl), ata)).data.amount).toBe(4_000_000n)
      } finally {
        await second.close()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
