import { appSettingsJsonSchema, type Camelized, camelize } from '@satchel/core/admin'
import type { z } from 'zod'

/** An app's settings: who may sign in and how, what signing asks, what a first login makes. */
export type AppSettings = Camelized<z.infer<typeof appSettingsJsonSchema>>

/** Identifiers as the server stores them (emails and domains lower-case, phones E.164). */
export type AccessList = AppSettings['denylist']

/**
 * The API's `AppSettingsView`, checked and camelCased.
 *
 * @example
 * const settings = toAppSettings((await requestApi(context, { method: 'GET', path })).body)
 */
export function toAppSettings(answer: unknown): AppSettings {
  return camelize(appSettingsJsonSchema.parse(answer))
}
