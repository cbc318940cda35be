import { NotAuthenticatedError, UnexpectedResponseError } from '../../errors/errors'
import type { SatchelClient } from '../createSatchelClient'
import { isRecord } from '../parse'
import type { ChainType } from '../types'
import type { ReadParameters } from './readParameters'

/** An app server's P-256 public key (JWK), as the server lists it. */
export type SignerPublicKey = { kty: string; crv: string; x: string; y: string }

/** A delegated session signer: an app server's key the user allowed to sign, within its policies. */
export type SessionSigner = {
  id: string
  publicKey: SignerPublicKey
  policyIds: readonly string[]
}

/** One wallet with its live delegated signers. */
export type WalletSessionSigners = {
  walletId: string
  address: string
  chainType: ChainType
  signers: readonly SessionSigner[]
}

const path = '/api/v1/wallets'

function toSigner(value: unknown): SessionSigner[] {
  if (!isRecord(value) || typeof value.signerId !== 'string' || !isRecord(value.signerPublicKey)) return []
  const { kty, crv, x, y } = value.signerPublicKey
  if (typeof kty !== 'string' || typeof crv !== 'string' || typeof x !== 'string' || typeof y !== 'string')
    return []
  const policyIds = Array.isArray(value.policyIds)
    ? value.policyIds.filter((id): id is string => typeof id === 'string')
    : []
  return [{ id: value.signerId, publicKey: { kty, crv, x, y }, policyIds }]
}

/**
 * The delegated session signers of each of the user's wallets, read fresh from the server
 * (`GET /api/v1/wallets`, field `additional_signers`).
 *
 * @example
 * const wallets = await getSessionSigners(client)
 * wallets.flatMap((wallet) => wallet.signers).length // how many app servers may sign
 */
export async function getSessionSigners(
  client: SatchelClient,
  { signal }: ReadParameters = {},
): Promise<WalletSessionSigners[]> {
  if (client.getState().status !== 'authenticated')
    throw new NotAuthenticatedError({ action: 'getSessionSigners' })
  const answer = await client.request({ method: 'GET', path, auth: true, signal })
  if (!isRecord(answer) || !Array.isArray(answer.data))
    throw new UnexpectedResponseError({ path, field: 'data' })
  const list: unknown[] = answer.data
  return list.flatMap((wallet) =>
    isRecord(wallet) &&
    typeof wallet.id === 'string' &&
    typeof wallet.address === 'string' &&
    (wallet.chainType === 'ethereum' || wallet.chainType === 'solana')
      ? [
          {
            walletId: wallet.id,
            address: wallet.address,
            chainType: wallet.chainType,
            signers: Array.isArray(wallet.additionalSigners)
              ? wallet.additionalSigners.flatMap(toSigner)
              : [],
          },
        ]
      : [],
  )
}
