import type { ApiErrorCode, NetworkErrorKind } from '@satchel/core'

/**
 * Every API error code (core's catalogue) in words for the person using the wallet: what happened and
 * what to do. A `Record` over all codes, so a code added to the server cannot reach people unread.
 * `null`: the server's sentence for this code is already written for people and says more than one
 * line could ("The code is wrong or has expired", "The recovery passcode is not correct").
 */
export const apiErrorMessages: Record<ApiErrorCode, string | null> = {
  invalid_data: 'Something you entered was not accepted. Check it and try again.',
  invalid_origin:
    'This wallet is not allowed to use its server from this address. Tell the wallet’s operator.',
  payload_too_large: 'That is too much to send at once. Try something smaller.',
  not_found: 'That could not be found. It may have been removed.',
  method_not_allowed: 'That action is not available here.',
  too_many_requests: 'Too many tries in a short time. Wait a minute, then try again.',
  client_request_timeout: 'That took too long. Check your connection and try again.',
  internal_error: 'Something went wrong on our side. Try again in a moment.',
  service_unavailable: 'The service is unavailable right now. Try again in a few minutes.',
  delivery_not_configured: 'Codes cannot be sent from this wallet yet. Use another way to sign in.',
  app_not_found: 'This wallet is not set up on its server. Tell the wallet’s operator.',
  invalid_app_credentials: 'This wallet is not set up correctly. Tell the wallet’s operator.',
  app_secret_read_only: 'This change is not allowed with a read-only key.',
  operator_role_required: 'Only a console operator with the right role can do this.',
  app_secret_limit_reached: 'No more keys can be added.',
  last_full_app_secret: 'The last full-access key cannot be deleted.',
  disallowed_login_method: 'This way of signing in is not available here. Choose another.',
  development_mode_user_limit: 'This wallet is still being tested and takes no new accounts yet.',
  allowlist_rejected: 'This account is not invited to this wallet. Ask its operator for an invitation.',
  invalid_captcha: 'The check that you are a person did not pass. Try again.',
  must_be_authenticated: 'You are signed out. Sign in again to continue.',
  missing_or_invalid_token: 'Your session has ended. Sign in again to continue.',
  invalid_credentials: null,
  user_does_not_exist: 'No account was found. Sign in again to continue.',
  user_suspended: 'This account is suspended. Contact the wallet’s support.',
  terms_not_accepted: 'Accept the terms to continue.',
  oauth_account_suspended: 'That social account is suspended at its provider.',
  oauth_user_denied: 'Access was not given at the provider. Try again and allow access.',
  oauth_state_mismatch: 'The sign-in did not finish in time. Start again.',
  linked_to_another_user:
    'This account is linked to another user. Sign in with it there and unlink it first.',
  cannot_link_more_of_type: 'No more of these can be linked to your account.',
  cannot_unlink_last_account: 'The last way to sign in cannot be unlinked. Add another way first.',
  failed_to_link_account: 'That could not be linked. Try again.',
  failed_to_update_account: 'That could not be updated. Try again.',
  max_accounts_reached: 'Your account has as many sign-in methods as it can hold. Remove one first.',
  passkey_not_allowed: 'Passkeys are not available in this wallet. Choose another way.',
  invalid_signature: 'The signature was not accepted. Try again, and approve it in your wallet.',
  code_attempts_exceeded: 'Too many tries — request a new code.',
  nonce_expired_or_used: 'That sign-in request expired. Start again.',
  missing_or_invalid_mfa: 'Enter your second-factor code to continue.',
  mfa_already_enrolled: 'This second factor is already set up.',
  reauthentication_required: 'Confirm it’s you to continue: sign in again, then retry within 5 minutes.',
  embedded_wallet_already_exists: 'You already have a wallet.',
  embedded_wallet_not_found: 'Your wallet could not be found. Sign in again.',
  invalid_authorization_signature: 'This device could not prove it is yours. Sign in again on this device.',
  request_expired: 'That took too long and expired. Try again.',
  replayed_request: 'That was already done.',
  policy_violation: 'Your wallet’s rules do not allow this.',
  unsupported_chain_id: 'This network is not supported.',
  unsupported_method: 'Your wallet cannot do this.',
  transaction_failure: 'The transaction failed. Your funds did not move.',
  transaction_broadcast_failure: 'The transaction could not reach the network. Try again in a moment.',
  insufficient_funds:
    'Your wallet does not have enough for the network fee (and the amount, if you send the network’s coin). Add some, then try again.',
  insufficient_balance: 'Your balance is too low for this.',
  recovery_required: 'Enter your recovery passcode to use your wallet on this device.',
  unsupported_onramp_asset: 'This provider does not sell that here. Choose another asset or provider.',
  onramp_provider_error: 'The payment provider could not start. Try again, or choose another provider.',
  invalid_webhook: 'The notification was not accepted.',
  webhook_endpoint_not_found: 'That notification address could not be found.',
  webhook_delivery_not_found: 'That notification could not be found.',
  invalid_webhook_url: 'That notification address is not allowed.',
  webhook_endpoint_limit_reached: 'No more notification addresses can be added.',
  webhook_endpoint_disabled: 'That notification address is turned off.',
}

/** The SDK's own codes (not the server's). */
const sdkErrorMessages: Record<string, string> = {
  feature_not_available: 'This is not available on this wallet’s server yet.',
  session_key_lost: 'This device lost its key for your wallet. Sign in again to continue.',
}

const networkMessages: Record<NetworkErrorKind, string> = {
  failed: 'The wallet could not reach its server. Check your connection and try again.',
  timeout: 'The server took too long to answer. Check your connection and try again.',
  aborted: 'Cancelled.',
  already_read: 'Something went wrong. Please try again.',
  body_not_allowed: 'Something went wrong. Please try again.',
}

/** A WalletConnect link that is cut short or damaged: all say the same thing to a person. */
const walletConnectLinkMessages: Record<string, string> = {
  not_a_string: 'Paste a WalletConnect link (it starts with wc:).',
  not_walletconnect: 'This is not a WalletConnect link: it should start with wc:',
  unsupported_version: 'This link is from an old version of WalletConnect. Ask the app for a new link.',
  expired: 'This WalletConnect link has expired. Ask the app for a new one.',
}
const DAMAGED_LINK = 'This WalletConnect link is incomplete. Copy the whole link from the app again.'

/** Fields the server names in "Invalid request data: <fields>", in words. */
const fieldMessages: Record<string, string> = {
  email: 'Check the email address: it does not look right.',
  phone: 'Check the phone number: include the country code.',
  phoneNumber: 'Check the phone number: include the country code.',
  number: 'Check the phone number: include the country code.',
  code: 'Enter the 6-digit code from the message.',
  address: 'Check the address: it does not look right.',
  amount: 'Check the amount.',
}

export const FALLBACK_MESSAGE = 'Something went wrong. Please try again.'

/**
 * The message for an error from the server or the SDK, chosen by its code: the catalogue's words,
 * the named field for invalid data, or {@link FALLBACK_MESSAGE}. Never the raw server text.
 *
 * @example
 * messageForError({ code: 'invalid_data', shortMessage: 'Invalid request data: email' })
 * // 'Check the email address: it does not look right.'
 */
export function messageForError(error: {
  code?: unknown
  reason?: unknown
  kind?: unknown
  name?: unknown
  shortMessage?: unknown
}): string | undefined {
  const { code } = error
  const serverText = typeof error.shortMessage === 'string' ? error.shortMessage : undefined
  if (code === 'invalid_data' && serverText) {
    // The server's schema check names fields ("Invalid request data: email"); its other invalid_data
    // answers are sentences for people ("This phone number is not possible") and stay as they are.
    const fields = /^Invalid request data: (.+)$/.exec(serverText)?.[1]?.split(/,\s*/)
    if (!fields) return serverText
    for (const field of fields) {
      const message = fieldMessages[field.split('.').at(-1) ?? field]
      if (message) return message
    }
    return apiErrorMessages.invalid_data ?? undefined
  }
  if (typeof code === 'string' && Object.hasOwn(apiErrorMessages, code))
    return apiErrorMessages[code as ApiErrorCode] ?? serverText
  if (typeof code === 'string' && Object.hasOwn(sdkErrorMessages, code)) return sdkErrorMessages[code]
  if (
    error.name === 'NetworkError' &&
    typeof error.kind === 'string' &&
    Object.hasOwn(networkMessages, error.kind)
  )
    return networkMessages[error.kind as NetworkErrorKind]
  if (error.name === 'InvalidWalletConnectUriError' && typeof error.reason === 'string')
    return walletConnectLinkMessages[error.reason] ?? DAMAGED_LINK
  return undefined
}
