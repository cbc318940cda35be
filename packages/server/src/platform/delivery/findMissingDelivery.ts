import type { Config } from '../config/loadConfig'

export type MissingDelivery = { method: 'email' | 'sms'; variables: string }

/**
 * The first login method in `loginMethods` that sends codes through a channel with no real provider,
 * and the variables that would configure it; `undefined` when every code-sending method can deliver.
 *
 * @example
 * findMissingDelivery({ smtp: undefined, sms }, ['email', 'guest'])
 * // { method: 'email', variables: 'SMTP_URL' }
 */
export function findMissingDelivery(
  config: Pick<Config, 'smtp' | 'sms'>,
  loginMethods: readonly string[],
): MissingDelivery | undefined {
  if (loginMethods.includes('email') && !config.smtp) return { method: 'email', variables: 'SMTP_URL' }
  if (loginMethods.includes('sms') && !config.sms)
    return { method: 'sms', variables: 'SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM' }
  return undefined
}
