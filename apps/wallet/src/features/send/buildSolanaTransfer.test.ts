import { fundSolanaAccount, startSolanaCluster } from '@satchel/devchain'
import {
  createSolanaRpc,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  partiallySignTransaction,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSolanaReader } from '../../shared/chains/solana/createSolanaReader'
import type { SolanaCluster } from '../../shared/chains/solana/readSolanaConfig'
import { buildSolanaTransfer } from './buildSolanaTransfer'
import { deriveTokenAccount } from './deriveTokenAccount'

// The local cluster (LiteSVM behind JSON-RPC) executes what the wallet builds: the same program
// checks as Solana's runtime, so a wrong account, signer or instruction fails here.
let cluster: Awaited<ReturnType<typeof startSolanaCluster>>
let solana: SolanaCluster
beforeAll(async () => {
  cluster = await startSolanaCluster({})
  solana = {
    caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    name: 'Solana Devnet (local)',
    rpcUrl: cluster.rpcUrl,
    usdcMint: cluster.mint,
    testnet: true,
    explorerCluster: undefined,
  }
})
afterAll(() => cluster?.close())

/** Signs the unsigned transaction as the embedded wallet would, sends it and waits until confirmed. */
async function signAndSend(transaction: string, signer: Awaited<ReturnType<typeof generateKeyPairSigner>>) {
  const decoded = getTransactionDecoder().decode(Buffer.from(transaction, 'base64'))
  const signed = await partiallySignTransaction([signer.keyPair], decoded)
  const rpc = createSolanaRpc(cluster.rpcUrl)
  const signature = await rpc
    .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
    .send()
  const { value } = await rpc.getSignatureStatuses([signature]).send()
  expect(value[0]?.err ?? null).toBeNull()
}

describe('buildSolanaTransfer (what the Send screen signs on Solana)', () => {
  it('sends USDC to someone who never held any, creating their token account at the derived address', async () => {
    const alice = await generateKeyPairSigner()
    const bob = await generateKeyPairSigner()
    await fundSolanaAccount({
      rpcUrl: cluster.rpcUrl,
      to: alice.address,
      asset: 'native',
      amount: 100_000_000n,
    })
    await fundSolanaAccount({ rpcUrl: cluster.rpcUrl, to: alice.address, asset: 'USDC', amount: 20_000_000n })
    const reader = createSolanaReader(solana)
    const bobAccount = await deriveTokenAccount({ owner: bob.address, mint: cluster.mint })
    expect(await reader.hasAccount(bobAccount)).toBe(false)

    const built = await buildSolanaTransfer({
      from: alice.address,
      to: bob.address,
      asset: 'USDC',
      amount: 7_500_000n,
      usdcMint: cluster.mint,
      createRecipientAccount: true,
      lifetime: await reader.getLatestBlockhash(),
    })
    // One signer (Alice pays and authorises): the cluster's fee is one signature's.
    expect(await reader.getFeeForMessage(built.message)).toBe(5000n)
    await signAndSend(built.transaction, alice)

    expect(await reader.hasAccount(bobAccount)).toBe(true)
    expect(await reader.getUsdcBalance(bob.address)).toBe(7_500_000n)
    expect(await reader.getUsdcBalance(alice.address)).toBe(12_500_000n)

    // A second transfer to the account that now exists needs no creation.
    const again = await buildSolanaTransfer({
      from: alice.address,
      to: bob.address,
      asset: 'USDC',
      amount: 500_000n,
      usdcMint: cluster.mint,
      lifetime: await reader.getLatestBlockhash(),
    })
    await signAndSend(again.transaction, alice)
    expect(await reader.getUsdcBalance(bob.address)).toBe(8_000_000n)
  })

  it('sends SOL with a System transfer, the fee paid by the sender', async () => {
    const alice = await generateKeyPairSigner()
    const carol = await generateKeyPairSigner()
    await fundSolanaAccount({
      rpcUrl: cluster.rpcUrl,
      to: alice.address,
      asset: 'native',
      amount: 1_000_000_000n,
    })
    const reader = createSolanaReader(solana)
    const built = await buildSolanaTransfer({
      from: alice.address,
      to: carol.address,
      asset: 'native',
      amount: 250_000_000n,
      lifetime: await reader.getLatestBlockhash(),
    })
    await signAndSend(built.transaction, alice)
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
