import { describe, expect, it } from 'vitest'
import { getWalletConnectError, walletConnectErrors } from './walletConnect'

describe('walletConnectErrors', () => {
  it('has the SDK codes and messages for the errors the wallet sends', () => {
    expect(walletConnectErrors.USER_REJECTED).toEqual({ code: 5000, message: 'User rejected.' })
    expect(walletConnectErrors.UNAUTHORIZED_METHOD).toEqual({ code: 3001, message: 'Unauthorized method.' })
    expect(walletConnectErrors.UNSUPPORTED_CHAINS).toEqual({ code: 5100, message: 'Unsupported chains.' })
    expect(walletConnectErrors.UNSUPPORTED_METHODS).toEqual({ code: 5101, message: 'Unsupported methods.' })
    expect(walletConnectErrors.USER_DISCONNECTED).toEqual({ code: 6000, message: 'User disconnected.' })
    expect(walletConnectErrors.INVALID_METHOD).toEqual({ code: 1001, message: 'Invalid method.' })
  })

  it('has one code per key', () => {
    const codes = Object.values(walletConnectErrors).map(({ code }) => code)
    expect(new Set(codes).size).toBe(codes.length)
  })
})

describe('getWalletConnectError', () => {
  it('returns the bare error without context', () => {
    expect(getWalletConnectError('USER_REJECTED')).toEqual({ code: 5000, message: 'User rejected.' })
  })

  it('appends the context after a space, like getSdkError', () => {
    expect(getWalletConnectError('UNSUPPORTED_CHAINS', 'eip155:5')).toEqual({
      code: 5100,
      message: 'Unsupported chains. eip155:5',
    })
    expect(getWalletConnectError('WC_METHOD_UNSUPPORTED', 42)).toEqual({
      code: 10001,
      message: 'Unsupported wc_ method. 42',
    })
  })

  it('returns a fresh object the caller may change', () => {
    const error = getWalletConnectError('USER_DISCONNECTED')
    error.message = 'changed'
    expect(walletConnectErrors.USER_DISCONNECTED.message).toBe('User disconnected.')
  })
})
