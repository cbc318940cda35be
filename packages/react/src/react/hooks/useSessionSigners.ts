import { useMemo } from 'react'
import { getSessionSigners, type WalletSessionSigners } from '../../client/actions/getSessionSigners'
import { revokeSessionSigners } from '../../client/actions/revokeSessionSigners'
import {
  type UpdateSessionSignersParameters,
  updateSessionSigners,
} from '../../client/actions/updateSessionSigners'
import { useSatchelClient } from '../context'

export type UseSessionSignersReturnType = {
  /** Each wallet with its live delegated signers, read fresh from the server. */
  getSessionSigners: () => Promise<WalletSessionSigners[]>
  /** Sets a wallet's delegated signers (signed with the session key: the user's consent). */
  updateSessionSigners: (parameters: UpdateSessionSignersParameters) => Promise<void>
  /** Removes every delegated signer of every wallet; answers the server's message. */
  revokeSessionSigners: () => Promise<string>
}

/**
 * Delegated session signers: app servers the user allowed to sign for a wallet within policies. List
 * them, add or remove one (by setting the wallet's list), or revoke them all.
 *
 * @example
 * const { getSessionSigners, revokeSessionSigners } = useSessionSigners()
 * const wallets = await getSessionSigners()
 * await revokeSessionSigners()
 */
export function useSessionSigners(): UseSessionSignersReturnType {
  const client = useSatchelClient('useSessionSigners')
  return useMemo(
    () => ({
      getSessionSigners: () => getSessionSigners(client),
      updateSessionSigners: (parameters) => updateSessionSigners(client, parameters),
      revokeSessionSigners: () => revokeSessionSigners(client),
    }),
    [client],
  )
}
