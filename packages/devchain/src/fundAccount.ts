import { LOCAL_USDC_ADDRESS } from '@satchel/core'
import { type Address, type Hash, isAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEVCHAIN_TREASURY_PRIVATE_KEY } from './accounts'
import { satchelUsd } from './artifacts'
import { createDevchainClients } from './createDevchainClients'
import { FundAccountError } from './errors'

export type FundAccountParameters = {
  rpcUrl: string
  chainId: number
  to: Address
  asset: 'native' | 'USDC'
  /** In the asset's smallest unit: wei for native, 6-decimal units for USDC. */
  amount: bigint
}

/** The hash of the mined transfer. */
export type FundAccountReturnType = Hash

export type FundAccountErrorType = FundAccountError

// The treasury is one account, and nonces are read from the chain as transactions are built: two
// fundings built at once would read the same nonce and one would be refused. Sends to one chain are
// queued here (only up to the broadcast; receipts are awaited in parallel).
const sendQueues = new Map<string, Promise<unknown>>()

/**
 * Sends native coin or the devnet's USDC from the treasury (anvil account 1) to `to` and resolves
 * with the transaction hash once it is mined. For the sandbox onramp and tests.
 *
 * @example
 * const hash = await fundAccount({ rpcUrl, chainId: LOCAL_CHAIN_ID, to, asset: 'USDC', amount: 25_000_000n })
 */
export async function fundAccount(parameters: FundAccountParameters): Promise<FundAccountReturnType> {
  const { rpcUrl, chainId, to, asset, amount } = parameters
  if (!isAddress(to, { strict: false })) throw new FundAccountError(`Invalid recipient address: ${to}`)
  if (amount <= 0n) throw new FundAccountError(`Invalid amount: ${amount} (must be above zero)`)

  const treasury = privateKeyToAccount(DEVCHAIN_TREASURY_PRIVATE_KEY)
  const { publicClient, walletClient } = createDevchainClients({ rpcUrl, chainId, account: treasury })

  if (asset === 'USDC') {
    // A call to an address without code succeeds and moves nothing, so check before "funding".
    const code = await publicClient.getCode({ address: LOCAL_USDC_ADDRESS })
    if (code === undefined || code === '0x') {
      throw new FundAccountError(`USDC is not deployed on chain ${chainId}`, {
        details: `No contract at ${LOCAL_USDC_ADDRESS}; run deployUsdc first.`,
      })
    }
  }

  const send = (): Promise<Hash> =>
    asset === 'native'
      ? walletClient.sendTransaction({ to, value: amount })
      : walletClient.writeContract({
          address: LOCAL_USDC_ADDRESS,
          abi: satchelUsd.abi,
          functionName: 'transfer',
          args: [to, amount],
        })
  const hash = await enqueue(`${chainId} ${rpcUrl}`, send).catch((cause: unknown) => {
    throw new FundAccountError(`Funding ${to} with ${asset} failed on chain ${chainId}`, {
      details: describeCause(cause),
      cause,
    })
  })

  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') {
    throw new FundAccountError(`Funding ${to} with ${asset} reverted on chain ${chainId}`, {
      details: `Transaction ${hash}.`,
    })
  }
  return hash
}

function enqueue<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = sendQueues.get(key) ?? Promise.resolve()
  // `previous` never rejects (see `settled`), so one failed send does not block the next.
  const result = previous.then(task)
  const settled = result.then(
    () => undefined,
    () => undefined,
  )
  sendQueues.set(key, settled)
  // Forget the queue once idle, so a long-lived process does not keep one entry per chain forever.
  void settled.then(() => {
    if (sendQueues.get(key) === settled) sendQueues.delete(key)
  })
  return result
}

// viem's errors carry a one-line `shortMessage` ("insufficient funds for gas * price + value") above
// a long dump of the request; the one line is what a person needs.
function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    return 'shortMessage' in cause && typeof cause.shortMessage === 'string'
      ? cause.shortMessage
      : cause.message
  }
  return String(cause)
}
