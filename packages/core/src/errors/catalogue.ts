/**
 * The API's error codes as data: every failure the server answers is one of these, as
 * `{error: message, code}` with the given HTTP status. Clients branch on `code`, never on text.
 */
export const apiErrors = {
  // Requests
  invalid_data: { status: 400, message: 'Invalid request data' },
  invalid_origin: { status: 403, message: 'Origin not allowed for this app' },
  payload_too_large: { status: 413, message: 'Request body is too large' },
  not_found: { status: 404, message: 'Not found' },
  method_not_allowed: { status: 405, message: 'Method not allowed' },
  too_many_requests: { status: 429, message: 'Too many requests, try again later' },
  client_request_timeout: { status: 408, message: 'The request timed out' },
  internal_error: { status: 500, message: 'Something went wrong on our side' },
  service_unavailable: { status: 503, message: 'A service Satchel depends on is unavailable' },
  delivery_not_configured: {
    status: 503,
    message: 'Codes cannot be sent: no delivery provider is configured',
  },
  // Apps
  app_not_found: { status: 404, message: 'Unknown app' },
  invalid_app_credentials: { status: 401, message: 'Invalid app id or secret' },
  app_secret_read_only: {
    status: 403,
    message: 'This app secret is read-only: use a full-access secret to make changes',
  },
  app_secret_limit_reached: { status: 409, message: 'The app already has the maximum number of secrets (5)' },
  last_full_app_secret: {
    status: 409,
    message: "The app's last full-access secret cannot be deleted: create another one first",
  },
  operator_role_required: {
    status: 403,
    message: 'This needs a console operator with another role: ask an owner',
  },
  disallowed_login_method: { status: 403, message: 'This login method is not enabled for the app' },
  development_mode_user_limit: {
    status: 403,
    message: 'This application is in development mode and must be upgraded to production to log in new users',
  },
  allowlist_rejected: { status: 403, message: 'This account is not on the allowlist for the app' },
  invalid_captcha: { status: 400, message: 'The captcha could not be verified' },
  // Sessions and tokens
  must_be_authenticated: { status: 401, message: 'User must be authenticated' },
  missing_or_invalid_token: { status: 401, message: 'Missing or invalid token' },
  invalid_credentials: { status: 401, message: 'Invalid credentials' },
  user_does_not_exist: { status: 404, message: 'User does not exist' },
  user_suspended: { status: 403, message: 'This account is suspended' },
  terms_not_accepted: { status: 403, message: 'The terms must be accepted first' },
  // Login methods and linking
  oauth_account_suspended: { status: 403, message: 'The social account is suspended' },
  oauth_user_denied: { status: 403, message: 'Access was denied at the provider' },
  oauth_state_mismatch: { status: 400, message: 'The login state did not match; start again' },
  linked_to_another_user: { status: 409, message: 'This account is linked to another user' },
  cannot_link_more_of_type: { status: 409, message: 'No more accounts of this type can be linked' },
  cannot_unlink_last_account: { status: 409, message: 'The last way to sign in cannot be unlinked' },
  failed_to_link_account: { status: 400, message: 'The account could not be linked' },
  failed_to_update_account: { status: 400, message: 'The account could not be updated' },
  max_accounts_reached: { status: 409, message: 'The maximum number of linked accounts is reached' },
  passkey_not_allowed: { status: 403, message: 'Passkeys are not allowed for this app' },
  invalid_signature: { status: 401, message: 'The signature is not valid' },
  code_attempts_exceeded: {
    status: 429,
    message: 'Too many wrong tries: this code no longer works. Request a new code',
  },
  nonce_expired_or_used: { status: 401, message: 'The sign-in nonce has expired or was already used' },
  // MFA
  missing_or_invalid_mfa: { status: 403, message: 'Missing or invalid MFA verification' },
  mfa_already_enrolled: { status: 409, message: 'This MFA method is already enrolled' },
  reauthentication_required: {
    status: 403,
    message:
      "Confirm it's you: prove one of your login methods again (a new code, a passkey or a wallet signature), then retry within 5 minutes",
  },
  // Wallets
  embedded_wallet_already_exists: { status: 409, message: 'The user already has an embedded wallet' },
  embedded_wallet_not_found: { status: 404, message: 'Embedded wallet not found' },
  invalid_authorization_signature: { status: 401, message: 'Missing or invalid authorization signature' },
  request_expired: { status: 401, message: 'The request has expired' },
  replayed_request: { status: 409, message: 'The request was already used' },
  policy_violation: { status: 403, message: 'The request is not allowed by the wallet policy' },
  unsupported_chain_id: { status: 400, message: 'Unsupported chain id' },
  unsupported_method: { status: 400, message: 'Unsupported wallet method' },
  transaction_failure: { status: 400, message: 'The transaction failed' },
  transaction_broadcast_failure: { status: 502, message: 'The transaction could not be broadcast' },
  insufficient_funds: { status: 400, message: 'Insufficient funds for gas and value' },
  insufficient_balance: { status: 400, message: 'Insufficient balance' },
  recovery_required: { status: 403, message: 'Enter the recovery passcode to use this wallet here' },
  // Funding
  unsupported_onramp_asset: { status: 400, message: 'This asset cannot be bought with the chosen provider' },
  onramp_provider_error: { status: 502, message: 'The onramp provider refused the request' },
  invalid_webhook: { status: 401, message: 'The webhook signature is not valid' },
  // Webhooks
  webhook_endpoint_not_found: { status: 404, message: 'Webhook endpoint not found' },
  webhook_delivery_not_found: { status: 404, message: 'Webhook delivery not found' },
  invalid_webhook_url: {
    status: 400,
    message: 'The webhook URL is not allowed: it must be http(s) and reach a public address',
  },
  webhook_endpoint_limit_reached: {
    status: 409,
    message: 'The app already has the maximum number of webhook endpoints',
  },
  webhook_endpoint_disabled: {
    status: 409,
    message: 'The webhook endpoint is disabled: enable it first, then replay',
  },
} as const satisfies Record<string, { status: number; message: string }>

export type ApiErrorCode = keyof typeof apiErrors

/** True when `code` is in the catalogue (for parsing answers from a server). */
export function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return typeof code === 'string' && Object.hasOwn(apiErrors, code)
}
