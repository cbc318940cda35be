import { describe, expect, it } from 'vitest'
import { apiErrors, isApiErrorCode } from './catalogue'

/** Every provider error code section 8 of the spec names. */
const specCodes = [
  'oauth_account_suspended',
  'missing_or_invalid_token',
  'invalid_data',
  'invalid_captcha',
  'linked_to_another_user',
  'cannot_link_more_of_type',
  'failed_to_link_account',
  'failed_to_update_account',
  'allowlist_rejected',
  'oauth_user_denied',
  'must_be_authenticated',
  'client_request_timeout',
  'invalid_credentials',
  'missing_or_invalid_mfa',
  'embedded_wallet_already_exists',
  'embedded_wallet_not_found',
  'transaction_failure',
  'unsupported_chain_id',
  'too_many_requests',
  'max_accounts_reached',
  'disallowed_login_method',
  'passkey_not_allowed',
  'user_does_not_exist',
  'insufficient_balance',
]

describe('apiErrors', () => {
  it('holds every code the spec names', () => {
    const missing = specCodes.filter((code) => !isApiErrorCode(code))
    expect(missing).toEqual([])
  })

  it('holds the codes the architecture names', () => {
    expect(isApiErrorCode('policy_violation')).toBe(true)
  })

  it('says "User must be authenticated" for must_be_authenticated', () => {
    expect(apiErrors.must_be_authenticated).toEqual({ status: 401, message: 'User must be authenticated' })
  })

  it('tells a development-mode app to upgrade to production to log in new users', () => {
    const notices = Object.values(apiErrors).filter(({ message }) =>
      /development mode.*upgraded to production to log in new users/.test(message),
    )
    expect(notices).toHaveLength(1)
  })

  it('gives every code an HTTP error status and a message', () => {
    for (const [code, { status, message }] of Object.entries(apiErrors)) {
      expect(status, code).toBeGreaterThanOrEqual(400)
      expect(status, code).toBeLessThan(600)
      expect(message.length, code).toBeGreaterThan(0)
    }
  })

  it('maps each code to its status', () => {
    expect(
      Object.fromEntries(Object.entries(apiErrors).map(([code, { status }]) => [code, status])),
    ).toMatchInlineSnapshot(`
      {
        "allowlist_rejected": 403,
        "app_not_found": 404,
        "app_secret_limit_reached": 409,
        "app_secret_read_only": 403,
        "cannot_link_more_of_type": 409,
        "cannot_unlink_last_account": 409,
        "client_request_timeout": 408,
        "code_attempts_exceeded": 429,
        "delivery_not_configured": 503,
        "development_mode_user_limit": 403,
        "disallowed_login_method": 403,
        "embedded_wallet_already_exists": 409,
        "embedded_wallet_not_found": 404,
        "failed_to_link_account": 400,
        "failed_to_update_account": 400,
        "insufficient_balance": 400,
        "insufficient_funds": 400,
        "internal_error": 500,
        "invalid_app_credentials": 401,
        "invalid_authorization_signature": 401,
        "invalid_captcha": 400,
        "invalid_credentials": 401,
        "invalid_data": 400,
        "invalid_origin": 403,
        "invalid_signature": 401,
        "invalid_webhook": 401,
        "invalid_webhook_url": 400,
        "last_full_app_secret": 409,
        "linked_to_another_user": 409,
        "max_accounts_reached": 409,
        "method_not_allowed": 405,
        "mfa_already_enrolled": 409,
        "missing_or_invalid_mfa": 403,
        "missing_or_invalid_token": 401,
        "must_be_authenticated": 401,
        "nonce_expired_or_used": 401,
        "not_found": 404,
        "oauth_account_suspended": 403,
        "oauth_state_mismatch": 400,
        "oauth_user_denied": 403,
        "onramp_provider_error": 502,
        "operator_role_required": 403,
        "passkey_not_allowed": 403,
        "payload_too_large": 413,
        "policy_violation": 403,
        "reauthentication_required": 403,
        "recovery_required": 403,
        "replayed_request": 409,
        "request_expired": 401,
        "service_unavailable": 503,
        "terms_not_accepted": 403,
        "too_many_requests": 429,
        "transaction_broadcast_failure": 502,
        "transaction_failure": 400,
        "unsupported_chain_id": 400,
        "unsupported_method": 400,
        "unsupported_onramp_asset": 400,
        "user_does_not_exist": 404,
        "user_suspended": 403,
        "webhook_delivery_not_found": 404,
        "webhook_endpoint_disabled": 409,
        "webhook_endpoint_limit_reached": 409,
        "webhook_endpoint_not_found": 404,
      }
    `)
  })
})

describe('isApiErrorCode', () => {
  it('accepts catalogue codes and rejects anything else', () => {
    expect(isApiErrorCode('too_many_requests')).toBe(true)
    expect(isApiErrorCode('no_such_code')).toBe(false)
    expect(isApiErrorCode('toString')).toBe(false)
    expect(isApiErrorCode(429)).toBe(false)
    expect(isApiErrorCode(undefined)).toBe(false)
  })
})
