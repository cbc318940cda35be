import { useMemo } from 'react'
import {
  type SignTypedDataParameters,
  type SignTypedDataReturnType,
  signTypedData,
} from '../../client/actions/signTypedData'
import { actionOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import { type UseActionReturnType, useAction } from '../useAction'

/**
 * Signs EIP-712 typed data with an embedded wallet.
 *
 * @example
 * const { signTypedData } = useSignTypedData()
 * const signature = await signTypedData({ typedData })
 */
export function useSignTypedData(): {
  signTypedData: (parameters: SignTypedDataParameters) => Promise<SignTypedDataReturnType>
} & UseActionReturnType<SignTypedDataParameters, SignTypedDataReturnType> {
  const client = useSatchelClient('useSignTypedData')
  const action = useAction(useMemo(() => actionOptions(client, 'signTypedData', signTypedData), [client]))
  return { ...action, signTypedData: action.mutateAsync }
}
