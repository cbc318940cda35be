import { ApiError } from '@satchel/core'
import { z } from 'zod'
import { type OpenAppSettingsContext, openAppSettings } from '../../identity/apps/openAppSettings'
import type { App } from '../../identity/apps/types'

/** Google's scope for the app-data folder: files only this app can see, invisible in the user's Drive. */
export const DRIVE_APPDATA_SCOPE = 'https://www.googleapis.com/auth/drive.appdata'

const settingsSchema = z.object({
  authorizationUrl: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  tokenUrl: z.url().default('https://oauth2.googleapis.com/token'),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  /** The Drive API's base URL (`https://www.googleapis.com`); files are under `/drive/v3` and `/upload/drive/v3`. */
  driveApiUrl: z.url().default('https://www.googleapis.com'),
  scopes: z.array(z.string().min(1)).min(1).default([DRIVE_APPDATA_SCOPE]),
})

export type RecoveryOAuthSettings = z.infer<typeof settingsSchema>

/**
 * The app's recovery OAuth client (`settings.recoveryOAuth`): Google by default, every endpoint
 * configurable (tests point them at loopback servers). The client secret is sealed at rest and opened
 * here, so call this where it is used.
 *
 * @throws {ApiError} `invalid_data` when the app has not configured recovery through OAuth.
 * @example
 * const settings = getRecoveryOAuthSettings(ctx, app) // { authorizationUrl, tokenUrl, clientId, ... }
 */
export function getRecoveryOAuthSettings(ctx: OpenAppSettingsContext, app: App): RecoveryOAuthSettings {
  const parsed = settingsSchema.safeParse(openAppSettings(ctx, app, ['recoveryOAuth']))
  if (!parsed.success)
    throw new ApiError('invalid_data', {
      message: 'Recovery through Google Drive is not configured for this app',
    })
  return parsed.data
}
