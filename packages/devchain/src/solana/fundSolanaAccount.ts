import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  isAddress,
  lamports,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { FundSolanaAccountError } from '../errors'
import {
  DEVCHAIN_SOLANA_TREASURY_SEED,
  DEVCHAIN_SOLANA_USDC_DECIMALS,
  DEVCHAIN_SOLANA_USDC_MINT,
} from './solanaAccounts'

export type FundSolanaAccountParameters = {
  /** The local cluster's RPC (`startSolanaCluster().rpcUrl`). */
  rpcUrl: string
  /** A base58 Solana address (a wallet, not a token account). */
  to: string
  asset: 'native' | 'USDC'
  /** In the asset's smallest unit: lamports for SOL, 6-decimal units for USDC. */
  amount: bigint
  /** How long to wait for the transfer to be confirmed. Default 10 s. */
  timeoutMs?: number | undefined
}

/** The transfer's signature (base58), once the cluster has confirmed it. */
export type FundSolanaAccountReturnType = Signature

export type FundSolanaAccountErrorType = FundSolanaAccountError

// Two identical fundings built on the same blockhash would be one transaction (one signature), and
// the second refused as already processed; sends to one cluster are queued so each gets its own.
const queues = new Map<string, Promise<unknown>>()

/**
 * Pays SOL or the local cluster's USDC from the Solana treasury to `to`, creating `to`'s associated
 * token account first when it has none, and resolves once the transfer is confirmed
 * (`getSignatureStatuses`). For the sandbox onramp and tests; it speaks only JSON-RPC, so the
 * cluster may run in another process.
 *
 * @example
 * await fundSolanaAccount({ rpcUrl: cluster.rpcUrl, to: wallet, asset: 'USDC', amount: 25_000_000n })
 */
export async function fundSolanaAccount(
  parameters: FundSolanaAccountParameters,
): Promise<FundSolanaAccountReturnType> {
  const { rpcUrl, to, asset, amount, timeoutMs = 10_000 } = parameters
  if (!isAddress(to)) throw new FundSolanaAccountError(`Invalid recipient address: ${to}`)
  if (amount <= 0n) throw new FundSolanaAccountError(`Invalid amount: ${amount} (must be above zero)`)
  const previous = queues.get(rpcUrl) ?? Promise.resolve()
  const result = previous.then(() => send(rpcUrl, address(to), asset, amount))
  const settled = result.then(
    () => undefined,
    () => undefined,
  )
  queues.set(rpcUrl, settled)
  void settled.then(() => {
    if (queues.get(rpcUrl) === settled) queues.delete(rpcUrl)
  })
  const signature = await result
  await waitForConfirmation(rpcUrl, signature, timeoutMs, `${asset} to ${to}`)
  return signature
}

async function send(
  rpcUrl: string,
  to: ReturnType<typeof address>,
  asset: 'native' | 'USDC',
  amount: bigint,
): Promise<Signature> {
  const rpc = createSolanaRpc(rpcUrl)
  const treasury = await createKeyPairSignerFromPrivateKeyBytes(
    new Uint8Array(Buffer.from(DEVCHAIN_SOLANA_TREASURY_SEED, 'hex')),
  )
  const mint = address(DEVCHAIN_SOLANA_USDC_MINT)
  const instructions: Instruction[] = []
  if (asset === 'native') {
    instructions.push(
      getTransferSolInstruction({ source: treasury, destination: to, amount: lamports(amount) }),
    )
  } else {
    const [source] = await findAssociatedTokenPda({
      owner: treasury.address,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const [destination] = await findAssociatedTokenPda({
      owner: to,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    instructions.push(
      await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: treasury, owner: to, mint }),
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: treasury,
        amount,
        decimals: DEVCHAIN_SOLANA_USDC_DECIMALS,
      }),
    )
  }
  try {
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(treasury, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    )
    const transaction = await signTransactionMessageWithSigners(message)
    return await rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
      .send()
  } catch (cause) {
    throw new FundSolanaAccountError(`Funding ${to} with ${asset} failed`, {
      details: cause instanceof Error ? cause.message : String(cause),
      cause,
    })
  }
}

async function waitForConfirmation(rpcUrl: string, signature: Signature, timeoutMs: number, what: string) {
  const rpc = createSolanaRpc(rpcUrl)
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    const status = value[0]
    if (status?.err)
      throw new FundSolanaAccountError(`Funding ${what} failed on the cluster`, {
        details: JSON.stringify(status.err),
      })
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new FundSolanaAccountError(`Funding ${what} was not confirmed within ${timeoutMs / 1000} s`, {
    details: `Transaction ${signature}.`,
  })
}
