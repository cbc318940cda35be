import { ApiError } from '@satchel/core'
import { z } from 'zod'
import { type OpenAppSettingsContext, openAppSettings } from '../../identity/apps/openAppSettings'
import type { App } from '../../identity/apps/types'

/** How old login-widget data may be: a day, like the sessions Telegram's own widget examples accept. */
export const TELEGRAM_LOGIN_MAX_AGE_SECONDS = 24 * 60 * 60
/** How old Web App init data may be: an hour, since a Mini App is opened just before it signs in. */
export const TELEGRAM_WEB_APP_MAX_AGE_SECONDS = 60 * 60

const telegramSettingsSchema = z.object({
  /** The app's bot token from @BotFather (`<bot id>:<secret>`): the key both signatures derive from. */
  botToken: z.string().regex(/^\d+:[\w-]{20,}$/),
  loginMaxAgeSeconds: z.number().int().positive().default(TELEGRAM_LOGIN_MAX_AGE_SECONDS),
  webAppMaxAgeSeconds: z.number().int().positive().default(TELEGRAM_WEB_APP_MAX_AGE_SECONDS),
})

export type TelegramSettings = z.output<typeof telegramSettingsSchema>

export type GetTelegramSettingsErrorType = ApiError

/**
 * The app's Telegram settings (`app.settings.telegram`), with the bot token opened (it is sealed at
 * rest): call it where the token is used, and keep the result no longer than the request. Telegram
 * off, or on without a valid bot token, is a method the app does not offer: `disallowed_login_method`.
 *
 * @example
 * const { botToken, loginMaxAgeSeconds } = getTelegramSettings(ctx, app)
 */
export function getTelegramSettings(ctx: OpenAppSettingsContext, app: App): TelegramSettings {
  if (!app.loginMethods.includes('telegram')) throw new ApiError('disallowed_login_method')
  const parsed = telegramSettingsSchema.safeParse(openAppSettings(ctx, app, ['telegram']))
  if (!parsed.success)
    throw new ApiError('disallowed_login_method', { message: 'Telegram is not configured for this app' })
  return parsed.data
}
