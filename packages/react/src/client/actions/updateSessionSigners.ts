import type { SatchelClient } from '../createSatchelClient'
import { verbatim } from '../http/convertCase'
import type { SignerPublicKey } from './getSessionSigners'

export type UpdateSessionSignersParameters = {
  /** The wallet's id. */
  walletId: string
  /**
   * Every delegated signer the wallet should have afterwards: keys left out are removed, new keys are
   * added, and a listed key keeps its place with these policies. An empty list removes them all.
   */
  signers: ReadonlyArray<{ publicKey: SignerPublicKey; policyIds?: readonly string[] | undefined }>
}

/**
 * Sets a wallet's delegated session signers (`PATCH /api/v1/wallets/:wallet_id`): the user's consent
 * that an app server's key may sign for this wallet within its policies. The request is signed with
 * the session key, so a stolen access token alone cannot delegate; a user with MFA verifies it first.
 *
 * @throws {StepUpRequiredError} when the user has MFA and has not verified it in the last 15 minutes.
 *
 * @example
 * await updateSessionSigners(client, { walletId, signers: [{ publicKey: serverJwk, policyIds: [policyId] }] })
 */
export async function updateSessionSigners(
  client: SatchelClient,
  { walletId, signers }: UpdateSessionSignersParameters,
): Promise<void> {
  await client.request({
    method: 'PATCH',
    path: `/api/v1/wallets/${encodeURIComponent(walletId)}`,
    body: {
      additionalSigners: signers.map((signer) => ({
        // A JWK's member names are the standard's: sent as they are.
        signerPublicKey: verbatim({ ...signer.publicKey }),
        policyIds: [...(signer.policyIds ?? [])],
      })),
    },
    auth: true,
    signed: {},
  })
}
