import {
  type SignMessageParameters,
  type SignMessageReturnType,
  signMessage,
} from '../../client/actions/signMessage'
import { type NamedActionReturnType, useNamedAction } from '../useNamedAction'

type Return = NamedActionReturnType<'signMessage', SignMessageParameters, SignMessageReturnType>

/**
 * Signs a message (EIP-191) with an embedded wallet.
 *
 * @example
 * const { signMessage } = useSignMessage()
 * const signature = await signMessage({ message: 'Hello' })
 */
export function useSignMessage(): Return {
  return useNamedAction('useSignMessage', 'signMessage', signMessage)
}
