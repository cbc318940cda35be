import {
  ApiError,
  apiErrors,
  InvalidWalletConnectUriError,
  NetworkError,
  parseWalletConnectUri,
} from '@satchel/core'
import { describe, expect, it } from 'vitest'
import { describeError } from './describeError'
import { apiErrorMessages } from './errorMessages'

const thrown = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

describe('describeError (one catalogue of messages by code)', () => {
  it('names the field a person got wrong, not the schema path', () => {
    expect(describeError(new ApiError('invalid_data', { message: 'Invalid request data: email' }))).toBe(
      'Check the email address: it does not look right.',
    )
    expect(
      describeError(new ApiError('invalid_data', { message: 'Invalid request data: body.phoneNumber' })),
    ).toBe('Check the phone number: include the country code.')
    expect(describeError(new ApiError('invalid_data', { message: 'Invalid request data: nonce' }))).toBe(
      'Something you entered was not accepted. Check it and try again.',
    )
  })

  it('keeps a server sentence that was written for people', () => {
    expect(
      describeError(new ApiError('invalid_data', { message: 'This phone number is not possible' })),
    ).toBe('This phone number is not possible')
    expect(
      describeError(new ApiError('invalid_credentials', { message: 'The recovery passcode is not correct' })),
    ).toBe('The recovery passcode is not correct')
  })

  it('says what is missing instead of "Insufficient funds for gas and value"', () => {
    const message = describeError(new ApiError('insufficient_funds'))
    expect(message).not.toContain('gas and value')
    expect(message).toContain('not have enough for the network fee')
  })

  it('turns a damaged WalletConnect link into one instruction, without "symmetric key"', () => {
    const error = thrown(() => parseWalletConnectUri(`wc:${'a'.repeat(64)}@2?relay-protocol=irn`))
    expect(error).toBeInstanceOf(InvalidWalletConnectUriError)
    expect(describeError(error)).toBe(
      'This WalletConnect link is incomplete. Copy the whole link from the app again.',
    )
  })

  it('says a lost connection in words', () => {
    expect(describeError(new NetworkError('failed'))).toBe(
      'The wallet could not reach its server. Check your connection and try again.',
    )
  })

  it('has a message (or keeps the server sentence on purpose) for every code in the catalogue', () => {
    expect(Object.keys(apiErrorMessages).sort()).toEqual(Object.keys(apiErrors).sort())
    for (const [code, message] of Object.entries(apiErrorMessages)) {
      if (message === null) continue
      expect(message, code).toMatch(/^[A-Z].*[.:)]$/)
      expect(message, code).not.toBe(apiErrors[code as keyof typeof apiErrors].message)
    }
  })

  it('falls back to a sentence that asks to try again for an unknown error', () => {
    expect(describeError({ code: 'brand_new_code' })).toBe('Something went wrong. Please try again.')
    expect(describeError(undefined)).toBe('Something went wrong. Please try again.')
  })
})
