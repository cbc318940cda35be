import { NotAuthenticatedError, WalletNotFoundError } from '../../errors/errors'
import type { SatchelClient } from '../createSatchelClient'
import { verbatim } from '../http/convertCase'
import { isRecord } from '../parse'
import type { ChainType, SatchelWallet } from '../types'

/** Which wallet to use: its id or address; the user's first wallet of the chain type when left out. */
export type WalletSelector = { wallet?: string | undefined }

/**
 * One of the signed-in user's embedded wallets.
 *
 * @throws {WalletNotFoundError} when none matches.
 * @example
 * const wallet = getWallet(client, { wallet: '0x1234...' })
 */
export function getWallet(
  client: SatchelClient,
  { wallet, chainType = 'ethereum' }: WalletSelector & { chainType?: ChainType },
): SatchelWallet {
  const state = client.getState()
  if (state.status !== 'authenticated') throw new NotAuthenticatedError({ action: 'Using a wallet' })
  const wanted = wallet?.toLowerCase()
  const found = state.wallets.wallets.find((candidate) =>
    wanted === undefined
      ? candidate.chainType === chainType
      : candidate.id === wallet || candidate.address.toLowerCase() === wanted,
  )
  if (!found) throw new WalletNotFoundError({ wallet })
  return found
}

export type WalletRpcParameters = WalletSelector & {
  method: string
  /** Method parameters, camelCase; values wrapped in `verbatim()` are sent as they are. */
  params: Record<string, unknown>
  caip2?: string | undefined
  idempotencyKey?: string | undefined
}

/**
 * One wallet RPC call (`POST /api/v1/wallets/:id/rpc`), carrying the access token and the session
 * key's authorization signature. Answers the method's `data`.
 *
 * @example
 * const data = await walletRpc(client, { method: 'personal_sign', params: { message: 'hi', encoding: 'utf-8' } })
 */
export async function walletRpc(
  client: SatchelClient,
  { wallet, method, params, caip2, idempotencyKey }: WalletRpcParameters,
): Promise<Record<string, unknown>> {
  const target = getWallet(client, { wallet })
  const answer = await client.request({
    method: 'POST',
    path: `/api/v1/wallets/${encodeURIComponent(target.id)}/rpc`,
    body: { method, params, ...(caip2 ? { caip2 } : {}) },
    auth: true,
    signed: { idempotencyKey },
  })
  return isRecord(answer) && isRecord(answer.data) ? answer.data : {}
}

/** JSON has no bigint: quantities go as 0x-hex, as JSON-RPC writes them. */
export function toJsonValue(value: unknown): unknown {
  if (typeof value === 'bigint') return `0x${value.toString(16)}`
  if (Array.isArray(value)) return value.map(toJsonValue)
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toJsonValue(item)]))
  return value
}

/** A value for `params` sent exactly as given (its keys are not snake_cased). */
export const asIs = (value: unknown) => verbatim(toJsonValue(value))
