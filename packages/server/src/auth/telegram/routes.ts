import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { App } from '../../identity/apps/types'
import type { ServerContext } from '../../identity/context'
import { addLoginRoutes } from '../../identity/users/addLoginRoutes'
import type { LinkedAccountInput } from '../../identity/users/usersRepository'
import { getTelegramSettings } from './telegramSettings'
import { FUTURE_SKEW_SECONDS, type TelegramAuthData, verifyTelegramAuth } from './verifyTelegramAuth'

const fieldName = z.string().regex(/^[a-z_]{1,64}$/)
const MAX_FIELDS = 32

/** The login widget's callback object (`{id, first_name, username, photo_url, auth_date, hash}`). */
const loginWidgetSchema = z
  .record(fieldName, z.union([z.string().max(2048), z.number()]))
  .refine((fields) => Object.keys(fields).length <= MAX_FIELDS, 'too many fields')
  .transform((fields) =>
    Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])),
  )

/** A Mini App's `Telegram.WebApp.initData`: the raw query string, or its fields already split. */
const webAppDataSchema = z.union([
  z
    .string()
    .min(1)
    .max(8192)
    .transform((raw, context) => {
      const entries = [...new URLSearchParams(raw)]
      const fields = Object.fromEntries(entries)
      // A repeated field would be signed once and read twice: refuse the ambiguity outright.
      if (entries.length !== Object.keys(fields).length || entries.length > MAX_FIELDS) {
        context.addIssue({ code: 'custom', message: 'malformed init data' })
        return z.NEVER
      }
      return fields
    }),
  z
    .record(fieldName, z.string().max(4096))
    .refine((fields) => Object.keys(fields).length <= MAX_FIELDS, 'too many fields'),
])

const telegramDataFields = {
  telegram_auth_result: loginWidgetSchema.optional(),
  telegram_web_app_data: webAppDataSchema.optional(),
}
const exactlyOne = (body: { telegram_auth_result?: unknown; telegram_web_app_data?: unknown }) =>
  (body.telegram_auth_result === undefined) !== (body.telegram_web_app_data === undefined)
const exactlyOneMessage = 'exactly one of telegram_auth_result and telegram_web_app_data'

const telegramUserIdSchema = z
  .union([z.string().regex(/^\d{1,20}$/), z.number().int().positive()])
  .transform(String)

/**
 * Telegram login: the login widget's signed callback data, or a Mini App's signed init data, both
 * checked against the app's bot token (`app.settings.telegram.botToken`). Telegram's data is a bearer
 * credential until it ages out (a day for the widget, an hour for a Mini App, configurable), which
 * is why the window is short and the server clock decides. The widget's data is good once: the page
 * gets new data for every sign-in, so a copy that leaks afterwards (a redirect URL in a log or the
 * browser history) signs nobody in. A Mini App's init data stays the same for as long as the app is
 * open and is sent again on every reload, so it is good until it ages out.
 */
export function telegramRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    addLoginRoutes(app, ctx, {
      path: 'telegram',
      method: 'telegram',
      proof: telegramDataFields,
      refine: { check: exactlyOne, message: exactlyOneMessage },
      verify: (satchelApp, body) => verifyTelegramAccount(ctx, satchelApp, body),
      summaries: {
        authenticate: 'Sign in with Telegram login-widget data or Mini App init data',
        link: 'Link a Telegram account to the signed-in user',
        unlink: 'Unlink a Telegram account from the signed-in user',
      },
      unlink: {
        body: z.object({ telegram_user_id: telegramUserIdSchema }),
        account: (body) => ({ type: 'telegram', subject: body.telegram_user_id }),
      },
    })
  }
}

async function verifyTelegramAccount(
  ctx: ServerContext,
  app: App,
  body: {
    telegram_auth_result?: Record<string, string> | undefined
    telegram_web_app_data?: Record<string, string> | undefined
  },
): Promise<LinkedAccountInput> {
  const settings = getTelegramSettings(ctx, app)
  let data: TelegramAuthData
  let maxAgeSeconds: number
  if (body.telegram_auth_result) {
    data = { kind: 'login_widget', fields: body.telegram_auth_result }
    maxAgeSeconds = settings.loginMaxAgeSeconds
  } else if (body.telegram_web_app_data) {
    data = { kind: 'web_app', fields: body.telegram_web_app_data }
    maxAgeSeconds = settings.webAppMaxAgeSeconds
  } else throw new ApiError('invalid_data', { message: `Invalid request data: ${exactlyOneMessage}` })
  const user = verifyTelegramAuth(data, {
    botToken: settings.botToken,
    nowSeconds: Math.floor(ctx.now() / 1000),
    maxAgeSeconds,
  })
  if (data.kind === 'login_widget') {
    // Remembered for as long as the data could still pass the age check.
    const used = `telegram-login:${app.id}:${data.fields.hash}`
    if (!(await ctx.kv.setIfAbsent(used, '1', maxAgeSeconds + FUTURE_SKEW_SECONDS))) {
      throw new ApiError('invalid_credentials', {
        message: 'This Telegram login data was already used: sign in with Telegram again',
      })
    }
  }
  return {
    type: 'telegram',
    subject: user.id,
    details: {
      telegram_user_id: user.id,
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      photo_url: user.photoUrl,
    },
  }
}
