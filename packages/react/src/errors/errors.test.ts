import { describe, expect, it } from 'vitest'
import {
  FeatureNotAvailableError,
  NotAuthenticatedError,
  SatchelProviderNotFoundError,
  UnexpectedResponseError,
  WalletNotFoundError,
} from './errors'

describe('SDK errors', () => {
  it('tells a developer how to fix a hook used outside the provider', () => {
    const error = new SatchelProviderNotFoundError({ hook: 'useSatchel' })
    expect(error.name).toBe('SatchelProviderNotFoundError')
    expect(error.message).toMatchInlineSnapshot(`
      "useSatchel must be used inside <SatchelProvider>

      Details: Wrap your app (or the part that uses Satchel) in <SatchelProvider appId="..." serverUrl="...">.
      Docs: https://satchel.dev/docs/react/provider"
    `)
  })

  it('names a feature the server does not offer yet, with a stable code', () => {
    const error = new FeatureNotAvailableError({ feature: 'Sign-in with a passkey' })
    expect(error.code).toBe('feature_not_available')
    expect(error.shortMessage).toMatchInlineSnapshot(
      `"Sign-in with a passkey is not available on this server yet"`,
    )
  })

  it('uses the catalogue wording for a missing user and wallet', () => {
    expect(new NotAuthenticatedError({ action: 'signMessage' }).shortMessage).toBe(
      'User must be authenticated',
    )
    expect(new WalletNotFoundError({ wallet: '0xabc' }).message).toMatchInlineSnapshot(`
      "Embedded wallet not found

      Details: No embedded wallet of the signed-in user is 0xabc."
    `)
  })

  it('names the route and field of an odd answer, never the body', () => {
    expect(
      new UnexpectedResponseError({ path: '/api/v1/users/me', field: 'user.id' }).message,
    ).toMatchInlineSnapshot(`
      "Unexpected answer from the server

      Details: /api/v1/users/me: missing or invalid "user.id"."
    `)
  })
})
