import { useMemo } from 'react'
import {
  type SignMessageParameters,
  type SignMessageReturnType,
  signMessage,
} from '../../client/actions/signMessage'
import { actionOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import { type UseActionReturnType, useAction } from '../useAction'

/**
 * Signs a message (EIP-191) with an embedded wallet.
 *
 * @example
 * const { signMessage } = useSignMessage()
 * const signature = await signMessage({ message: 'Hello' })
 */
export function useSignMessage(): {
  signMessage: (parameters: SignMessageParameters) => Promise<SignMessageReturnType>
} & UseActionReturnType<SignMessageParameters, SignMessageReturnType> {
  const client = useSatchelClient('useSignMessage')
  const action = useAction(useMemo(() => actionOptions(client, 'signMessage', signMessage), [client]))
  return { ...action, signMessage: action.mutateAsync }
}
