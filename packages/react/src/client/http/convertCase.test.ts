import { describe, expect, it } from 'vitest'
import { toCamelCase, toSnakeCase, verbatim } from './convertCase'

describe('convertCase', () => {
  it('snake_cases a request body deeply, arrays included', () => {
    expect(
      toSnakeCase({
        phoneNumber: '+14155550100',
        sessionPublicKey: { kty: 'EC' },
        list: [{ chainType: 'ethereum' }],
      }),
    ).toEqual({
      phone_number: '+14155550100',
      session_public_key: { kty: 'EC' },
      list: [{ chain_type: 'ethereum' }],
    })
  })

  it('camelCases an answer deeply', () => {
    expect(toCamelCase({ is_new_user: true, user: { linked_accounts: [{ first_verified_at: 1 }] } })).toEqual(
      {
        isNewUser: true,
        user: { linkedAccounts: [{ firstVerifiedAt: 1 }] },
      },
    )
  })

  it('sends verbatim values exactly as given: typed data keys are part of what is signed', () => {
    const typedData = {
      primaryType: 'Mail',
      types: { Mail: [{ name: 'fromWallet', type: 'address' }] },
      message: { fromWallet: '0x1' },
    }
    expect(toSnakeCase({ typedData: verbatim(typedData) })).toEqual({ typed_data: typedData })
  })

  it('leaves values that are not plain objects alone', () => {
    const date = new Date(0)
    expect(toSnakeCase({ createdAt: date, count: 1, name: null })).toEqual({
      created_at: date,
      count: 1,
      name: null,
    })
  })
})
