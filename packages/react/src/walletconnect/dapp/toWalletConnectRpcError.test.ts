import { ProviderRpcError } from '@satchel/core'
import { describe, expect, it } from 'vitest'
import { toWalletConnectRpcError } from './toWalletConnectRpcError'

describe('toWalletConnectRpcError', () => {
  it('gives dApps the EIP-1193 code whichever convention the wallet answered in', () => {
    const answers = [
      { code: 5000, message: 'User rejected.' },
      { code: 4001, message: 'User rejected the request.' },
      { code: 5002, message: 'User rejected methods.' },
      { code: 3001, message: 'Unauthorized method.' },
      { code: 5101, message: 'Unsupported methods.' },
      { code: 6000, message: 'User disconnected.' },
      { code: -32602, message: 'bad params' },
      { code: -32002, message: 'busy' },
      { code: -32000, message: 'insufficient funds for gas' },
      new Error('Request expired. Please try again.'),
      'a string',
    ].map((answer) => {
      const error = toWalletConnectRpcError(answer)
      return `${error.code} ${error.name}: ${error.shortMessage}`
    })
    expect(answers).toMatchInlineSnapshot(`
      [
        "4001 UserRejectedRequestError: User rejected the request",
        "4001 UserRejectedRequestError: User rejected the request",
        "4001 UserRejectedRequestError: User rejected the request",
        "4100 UnauthorizedError: The requested method and/or account has not been authorized by the user",
        "4200 UnsupportedMethodError: The provider does not support the requested method",
        "4900 DisconnectedError: The provider is disconnected from all chains",
        "-32602 InvalidParamsError: Invalid parameters were provided to the RPC method",
        "-32002 ResourceUnavailableError: Requested resource not available",
        "-32000 ProviderRpcError: insufficient funds for gas",
        "-32603 ProviderRpcError: Request expired. Please try again.",
        "-32603 ProviderRpcError: Internal error",
      ]
    `)
  })

  it('keeps an error that is already an EIP-1193 one', () => {
    const error = new ProviderRpcError(4902, 'Unrecognized chain ID 0x1')
    expect(toWalletConnectRpcError(error)).toBe(error)
  })
})
