import { fundSolanaAccount } from '@satchel/devchain'
import { createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalSolanaCluster, startLocalSolanaCluster } from '../../../test/startLocalSolanaCluster'
import { createSolanaReader } from '../../shared/chains/solana/createSolanaReader'
import type { SolanaCluster } from '../../shared/chains/solana/readSolanaConfig'
import { buildSolanaTransfer } from './buildSolanaTransfer'
import { deriveTokenAccount } from './deriveTokenAccount'

// The local cluster (LiteSVM behind JSON-RPC) executes what the wallet builds: the same program
// checks as Solana's runtime, so a wrong account, signer or instruction fails here.
let cluster: LocalSolanaCluster
let solana: SolanaCluster
beforeAll(async () => {
  cluster = await startLocalSolanaCluster()
  solana = cluster.solana
})
afterAll(() => cluster?.close())

/** Signs the unsigned transaction as the embedded wallet would, sends it and waits until confirmed. */
async function signAndSend(transaction: string, signer: Signer) {
  const signature = await cluster.sendSigned(transaction, signer.keyPair)
  const { value } = await createSolanaRpc(cluster.rpcUrl).getSignatureStatuses([signature]).send()
  expect(value[0]?.err ?? null).toBeNull()
}

type Signer = Awaited<ReturnType<typeof generateKeyPairSigner>>

/** Builds the transfer as the Send screen does (on a fresh blockhash), then signs and sends it. */
async function transfer(
  from: Signer,
  to: string,
  asset: 'native' | 'USDC',
  amount: bigint,
  createRecipientAccount = false,
) {
  const built = await buildSolanaTransfer({
    from: from.address,
    to,
    asset,
    amount,
    usdcMint: cluster.mint,
    createRecipientAccount,
    lifetime: await createSolanaReader(solana).getLatestBlockhash(),
  })
  await signAndSend(built.transaction, from)
  return built
}

/** A new key pair holding `sol` lamports (and `usdc`, when given) from the cluster's treasury. */
async function fundedSigner(sol: bigint, usdc?: bigint): Promise<Signer> {
  const signer = await generateKeyPairSigner()
  const rpcUrl = cluster.rpcUrl
  await fundSolanaAccount({ rpcUrl, to: signer.address, asset: 'native', amount: sol })
  if (usdc) await fundSolanaAccount({ rpcUrl, to: signer.address, asset: 'USDC', amount: usdc })
  return signer
}

describe('buildSolanaTransfer (what the Send screen signs on Solana)', () => {
  it('sends USDC to someone who never held any, creating their token account at the derived address', async () => {
    const alice = await fundedSigner(100_000_000n, 20_000_000n)
    const bob = await generateKeyPairSigner()
    const reader = createSolanaReader(solana)
    const bobAccount = await deriveTokenAccount({ owner: bob.address, mint: cluster.mint })
    expect(await reader.hasAccount(bobAccount)).toBe(false)

    const built = await transfer(alice, bob.address, 'USDC', 7_500_000n, true)
    // One signer (Alice pays and authorises): the cluster's fee is one signature's.
    expect(await reader.getFeeForMessage(built.message)).toBe(5000n)

    expect(await reader.hasAccount(bobAccount)).toBe(true)
    expect(await reader.getUsdcBalance(bob.address)).toBe(7_500_000n)
    expect(await reader.getUsdcBalance(alice.address)).toBe(12_500_000n)

    // A second transfer to the account that now exists needs no creation.
    await transfer(alice, bob.address, 'USDC', 500_000n)
    expect(await reader.getUsdcBalance(bob.address)).toBe(8_000_000n)
  })

  it('sends SOL with a System transfer, the fee paid by the sender', async () => {
    const alice = await fundedSigner(1_000_000_000n)
    const carol = await generateKeyPairSigner()
    const reader = createSolanaReader(solana)
    await transfer(alice, carol.address, 'native', 250_000_000n)
    expect(await reader.getSolBalance(carol.address)).toBe(250_000_000n)
    expect(await reader.getSolBalance(alice.address)).toBe(1_000_000_000n - 250_000_000n - 5000n)
  })

  it('refuses USDC on a cluster without a mint', async () => {
    const alice = await generateKeyPairSigner()
    await expect(
      buildSolanaTransfer({
        from: alice.address,
        to: alice.address,
        asset: 'USDC',
        amount: 1n,
        lifetime: await createSolanaReader(solana).getLatestBlockhash(),
      }),
    ).rejects.toThrow('USDC is not available on this cluster')
  })
})
