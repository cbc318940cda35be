import {
  DEVCHAIN_SOLANA_TREASURY_ADDRESS,
  DEVCHAIN_SOLANA_TREASURY_SEED,
  fundSolanaAccount,
} from '@satchel/devchain'
import type { WalletTransaction } from '@satchel/react'
import { createKeyPairFromPrivateKeyBytes, generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalSolanaCluster, startLocalSolanaCluster } from '../../../test/startLocalSolanaCluster'
import { createSolanaReader } from '../../shared/chains/solana/createSolanaReader'
import type { SolanaCluster } from '../../shared/chains/solana/readSolanaConfig'
import { buildSolanaTransfer } from '../send/buildSolanaTransfer'
import { compareActivity } from './activityItem'
import { readSolanaActivity } from './readSolanaActivity'

// The local cluster (LiteSVM behind JSON-RPC) answers getSignaturesForAddress and getTransaction as
// Solana's RPC does: what the wallet reads here is what it reads from a real cluster.
let cluster: LocalSolanaCluster
let solana: SolanaCluster
const SOL = 1_000_000_000n
beforeAll(async () => {
  cluster = await startLocalSolanaCluster()
  solana = cluster.solana
})
afterAll(() => cluster?.close())

/**
 * The treasury sends what the Send screen builds (without creating the recipient's token account when
 * it exists: the recipient's own address is then not in the transaction). `skipPreflight` lets a
 * transfer that fails land, its fee paid.
 */
async function sendFromTreasury(to: string, asset: 'native' | 'USDC', amount: bigint, skipPreflight = false) {
  const { transaction } = await buildSolanaTransfer({
    from: DEVCHAIN_SOLANA_TREASURY_ADDRESS,
    to,
    asset,
    amount,
    usdcMint: cluster.mint,
    lifetime: await createSolanaReader(solana).getLatestBlockhash(),
  })
  const key = await createKeyPairFromPrivateKeyBytes(Buffer.from(DEVCHAIN_SOLANA_TREASURY_SEED, 'hex'))
  return cluster.sendSigned(transaction, key, { skipPreflight })
}

const record = (hash: string, status: WalletTransaction['status']): WalletTransaction => ({
  hash,
  caip2: solana.caip2,
  sentAt: Date.now(),
  status,
  blockNumber: undefined,
})

describe('readSolanaActivity (a Solana wallet’s activity, from the cluster and the server)', () => {
  it('lists SOL and USDC received, newest first, with the sender, slot, time and fee', async () => {
    const bob = (await generateKeyPairSigner()).address
    const rpcUrl = cluster.rpcUrl
    const solSignature = await fundSolanaAccount({ rpcUrl, to: bob, asset: 'native', amount: SOL / 2n })
    const usdcSignature = await fundSolanaAccount({ rpcUrl, to: bob, asset: 'USDC', amount: 12_500_000n })
    // Bob's token account exists now: this transfer names only it, not Bob.
    const second = await sendFromTreasury(bob, 'USDC', 1_000_000n)

    // Newest first, as Home sorts the lines of every chain together.
    const items = (await readSolanaActivity({ cluster: solana, owner: bob, recorded: [] })).sort(
      compareActivity,
    )
    expect(items.map(({ hash, direction, asset, amount }) => ({ hash, direction, asset, amount }))).toEqual([
      { hash: second, direction: 'in', asset: 'USDC', amount: 1_000_000n },
      { hash: usdcSignature, direction: 'in', asset: 'USDC', amount: 12_500_000n },
      { hash: solSignature, direction: 'in', asset: 'native', amount: SOL / 2n },
    ])
    for (const item of items)
      expect(item).toMatchObject({
        network: solana.caip2,
        counterparty: DEVCHAIN_SOLANA_TREASURY_ADDRESS,
        status: 'mined',
        fee: 5000n,
      })
    const [newest, , oldest] = items
    expect(newest?.blockNumber).toBeGreaterThan(oldest?.blockNumber ?? 0n)
    expect(Math.abs((newest?.time ?? 0) - Date.now())).toBeLessThan(60_000)
  })

  it('lists what the wallet sent, to whom, net of the fee, and a failed send as moving nothing', async () => {
    const carol = (await generateKeyPairSigner()).address
    const sent = await sendFromTreasury(carol, 'native', SOL / 4n)
    // More than the treasury holds: it lands failed (no preflight), only the fee paid.
    const failed = await sendFromTreasury(carol, 'native', 10n ** 18n, true)

    const items = await readSolanaActivity({
      cluster: solana,
      owner: DEVCHAIN_SOLANA_TREASURY_ADDRESS,
      recorded: [],
    })
    expect(items.find((item) => item.hash === sent)).toMatchObject({
      direction: 'out',
      asset: 'native',
      amount: SOL / 4n,
      counterparty: carol,
      status: 'mined',
    })
    expect(items.find((item) => item.hash === failed)).toMatchObject({
      asset: 'call',
      amount: 0n,
      status: 'failed',
      fee: 5000n,
    })
    const forCarol = await readSolanaActivity({ cluster: solana, owner: carol, recorded: [] })
    expect(forCarol.map((item) => item.hash)).toEqual([failed, sent])
  })

  it('merges the server’s records by signature, and lists one the cluster has not confirmed as pending', async () => {
    const dave = (await generateKeyPairSigner()).address
    const landed = await sendFromTreasury(dave, 'native', SOL / 10n)
    const unknown = '1'.repeat(64)
    const items = await readSolanaActivity({
      cluster: solana,
      owner: dave,
      recorded: [record(landed, 'mined'), record(unknown, 'pending')],
    })
    expect(items.map(({ hash, status, asset }) => ({ hash, status, asset }))).toEqual([
      { hash: landed, status: 'mined', asset: 'native' },
      { hash: unknown, status: 'pending', asset: 'call' },
    ])
    expect(items[1]).toMatchObject({ direction: 'out', counterparty: undefined, blockNumber: undefined })
  })
})
