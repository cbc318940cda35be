import { UnexpectedResponseError } from '../../errors/errors'
import type { SatchelClient } from '../createSatchelClient'
import { isHex } from '../parse'
import { asIs, type WalletSelector, walletRpc } from './walletRpc'

export type TypedDataDefinition = {
  domain?: Record<string, unknown> | undefined
  types: Record<string, readonly { name: string; type: string }[]>
  primaryType: string
  message: Record<string, unknown>
}

export type SignTypedDataParameters = WalletSelector & { typedData: TypedDataDefinition }
export type SignTypedDataReturnType = `0x${string}`

/**
 * Signs EIP-712 typed data (`eth_signTypedData_v4`) using an embedded wallet. The typed data is sent
 * exactly as given (bigints as hex): its keys are part of what is signed.
 *
 * @example
 * const signature = await signTypedData(client, { typedData: { domain, types, primaryType: 'Mail', message } })
 */
export async function signTypedData(
  client: SatchelClient,
  { typedData, wallet }: SignTypedDataParameters,
): Promise<SignTypedDataReturnType> {
  const data = await walletRpc(client, {
    wallet,
    method: 'eth_signTypedData_v4',
    params: { typedData: asIs(typedData) },
  })
  if (!isHex(data.signature))
    throw new UnexpectedResponseError({ path: '/api/v1/wallets/:id/rpc', field: 'data.signature' })
  return data.signature
}
