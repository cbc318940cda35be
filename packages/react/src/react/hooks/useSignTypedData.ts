import {
  type SignTypedDataParameters,
  type SignTypedDataReturnType,
  signTypedData,
} from '../../client/actions/signTypedData'
import { type NamedActionReturnType, useNamedAction } from '../useNamedAction'

type Return = NamedActionReturnType<'signTypedData', SignTypedDataParameters, SignTypedDataReturnType>

/**
 * Signs EIP-712 typed data with an embedded wallet.
 *
 * @example
 * const { signTypedData } = useSignTypedData()
 * const signature = await signTypedData({ typedData })
 */
export function useSignTypedData(): Return {
  return useNamedAction('useSignTypedData', 'signTypedData', signTypedData)
}
