import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { ApiError } from '@satchel/core'
import { z } from 'zod'

/** What a Telegram client hands over: the login widget's callback object, or a Mini App's init data. */
export type TelegramAuthData =
  | { kind: 'login_widget'; fields: Record<string, string> }
  | { kind: 'web_app'; fields: Record<string, string> }

export type TelegramUser = {
  id: string
  username: string | null
  firstName: string | null
  lastName: string | null
  photoUrl: string | null
}

export type VerifyTelegramAuthParameters = {
  botToken: string
  nowSeconds: number
  maxAgeSeconds: number
}

export type VerifyTelegramAuthErrorType = ApiError

// A little clock skew between Telegram and this server is tolerated for dates in the future.
export const FUTURE_SKEW_SECONDS = 60

const optionalText = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' && value.length > 0 ? value : null))
const webAppUserSchema = z.looseObject({
  id: z.number().int().positive(),
  username: optionalText,
  first_name: optionalText,
  last_name: optionalText,
  photo_url: optionalText,
})

/**
 * Verifies Telegram login data as Telegram documents it, and returns the user it vouches for:
 * - the data-check-string is every received field but `hash`, sorted by name, as `name=value` lines;
 * - login widget: the key is SHA-256(bot token); Web App: the key is HMAC-SHA-256 of the bot token
 *   under the key "WebAppData";
 * - `hash` must be the hex HMAC-SHA-256 of the data-check-string under that key (compared in constant
 *   time), and `auth_date` no older than `maxAgeSeconds` on the server clock.
 * Both flavours fail with `invalid_credentials`.
 *
 * @example
 * const user = verifyTelegramAuth({ kind: 'login_widget', fields }, { botToken, nowSeconds, maxAgeSeconds: 86_400 })
 */
export function verifyTelegramAuth(
  data: TelegramAuthData,
  parameters: VerifyTelegramAuthParameters,
): TelegramUser {
  const { hash, ...signed } = data.fields
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) throw invalidData()
  const dataCheckString = Object.keys(signed)
    .sort()
    .map((name) => `${name}=${signed[name]}`)
    .join('\n')
  // The two flavours derive different keys from the same bot token, so data made for one is never
  // accepted as the other.
  const key =
    data.kind === 'login_widget'
      ? createHash('sha256').update(parameters.botToken).digest()
      : createHmac('sha256', 'WebAppData').update(parameters.botToken).digest()
  const expected = createHmac('sha256', key).update(dataCheckString).digest()
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) throw invalidData()

  // Checked only once the data is known to be Telegram's, so the answer reveals nothing about forgeries.
  const authDate =
    signed.auth_date && /^\d{1,12}$/.test(signed.auth_date) ? Number(signed.auth_date) : Number.NaN
  const age = parameters.nowSeconds - authDate
  if (!(age <= parameters.maxAgeSeconds && age >= -FUTURE_SKEW_SECONDS))
    throw new ApiError('invalid_credentials', { message: 'The Telegram login data has expired' })

  if (data.kind === 'login_widget') {
    if (!signed.id || !/^\d{1,20}$/.test(signed.id)) throw invalidData()
    return {
      id: signed.id,
      username: signed.username || null,
      firstName: signed.first_name || null,
      lastName: signed.last_name || null,
      photoUrl: signed.photo_url || null,
    }
  }
  let user: unknown
  try {
    user = JSON.parse(signed.user ?? '')
  } catch {
    throw invalidData()
  }
  const parsed = webAppUserSchema.safeParse(user)
  if (!parsed.success) throw invalidData()
  return {
    id: String(parsed.data.id),
    username: parsed.data.username,
    firstName: parsed.data.first_name,
    lastName: parsed.data.last_name,
    photoUrl: parsed.data.photo_url,
  }
}

function invalidData() {
  return new ApiError('invalid_credentials', { message: 'The Telegram login data is not valid' })
}
