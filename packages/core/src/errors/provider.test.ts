import { describe, expect, it } from 'vitest'
import { BaseError } from './BaseError'
import {
  ChainDisconnectedError,
  DisconnectedError,
  InvalidParamsError,
  ProviderRpcError,
  ResourceUnavailableError,
  UnauthorizedError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from './provider'

describe('provider errors', () => {
  it.each([
    [UserRejectedRequestError, 4001],
    [UnauthorizedError, 4100],
    [UnsupportedMethodError, 4200],
    [DisconnectedError, 4900],
    [ChainDisconnectedError, 4901],
    [InvalidParamsError, -32602],
    [ResourceUnavailableError, -32002],
  ])('%o carries the EIP-1193/1474 code %i', (ErrorClass, code) => {
    const error = new ErrorClass()
    expect(ErrorClass.code).toBe(code)
    expect(error.code).toBe(code)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe(ErrorClass.name)
  })

  it('renders the standard messages', () => {
    expect(
      [
        new UserRejectedRequestError(),
        new UnauthorizedError(),
        new UnsupportedMethodError(),
        new DisconnectedError(),
        new ChainDisconnectedError(),
        new InvalidParamsError(),
        new ResourceUnavailableError(),
      ].map((error) => `${error.code} ${error.message}`),
    ).toMatchInlineSnapshot(`
      [
        "4001 User rejected the request",
        "4100 The requested method and/or account has not been authorized by the user",
        "4200 The provider does not support the requested method",
        "4900 The provider is disconnected from all chains",
        "4901 The provider is not connected to the requested chain",
        "-32602 Invalid parameters were provided to the RPC method",
        "-32002 Requested resource not available",
      ]
    `)
  })

  it('takes a custom message, details, data and cause', () => {
    const cause = new Error('closed')
    const error = new InvalidParamsError({
      message: 'Invalid address',
      details: 'personal_sign expects [message, address].',
      data: { index: 1 },
      cause,
    })
    expect(error.message).toMatchInlineSnapshot(`
      "Invalid address

      Details: personal_sign expects [message, address]."
    `)
    expect(error.data).toEqual({ index: 1 })
    expect(error.cause).toBe(cause)
  })

  it('serialises to the JSON-RPC error object a dApp receives, without details', () => {
    expect(JSON.stringify(new UserRejectedRequestError({ details: 'closed the modal' }))).toBe(
      '{"code":4001,"message":"User rejected the request"}',
    )
    expect(new ProviderRpcError(-32000, 'Execution reverted', { data: '0x08c379a0' }).toJSON()).toEqual({
      code: -32000,
      message: 'Execution reverted',
      data: '0x08c379a0',
    })
  })
})
