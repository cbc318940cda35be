import type { FastifyBaseLogger } from 'fastify'
import { open } from '../../platform/crypto/seal'
import { mapAppSecretFields } from './mapAppSecretFields'
import { sealedAppSecretSchema } from './sealAppSettings'
import type { App } from './types'

export type OpenAppSettingsContext = { encryptionKey: Uint8Array; log: Pick<FastifyBaseLogger, 'error'> }

/**
 * One section of an app's settings (`['telegram']`, `['oauth', 'providers', 'google']`) with the
 * secrets inside it opened, for the code about to use them. Secrets are sealed at rest and in the
 * app cache; only this copy, which lives as long as the request that asked for it, holds plaintext.
 * Secrets outside the section stay sealed.
 *
 * A plaintext secret is still accepted: rows written before sealing are rewritten sealed at start
 * (see sealStoredAppSecrets.ts), but an older instance may write one during a rolling upgrade.
 *
 * A secret that does not open (the encryption key changed, or a sealed value was copied from another
 * app or field) makes the whole section unreadable (`undefined`), so the caller answers "not
 * configured" instead of calling a provider with half its credentials. The operator learns which
 * field from the error log, which names it and never shows a value.
 *
 * @example
 * const telegram = openAppSettings(ctx, app, ['telegram']) // { botToken: '123:abc...', ... }
 */
export function openAppSettings(
  ctx: OpenAppSettingsContext,
  app: Pick<App, 'id' | 'settings'>,
  section: readonly string[],
): unknown {
  let unreadable: string | undefined
  const opened = mapAppSecretFields(app.id, app.settings, (field) => {
    if (!section.every((step, i) => field.path[i] === step)) return field.value
    if (typeof field.value === 'string') return field.value
    const sealed = sealedAppSecretSchema.safeParse(field.value)
    if (sealed.success) {
      try {
        const bytes = open(ctx.encryptionKey, Buffer.from(sealed.data.sealed, 'base64'), field.associatedData)
        return Buffer.from(bytes).toString('utf8')
      } catch {
        // Falls through: reported below, by name only.
      }
    }
    unreadable ??= field.path.join('.')
    return undefined
  })
  if (unreadable !== undefined) {
    ctx.log.error(
      { appId: app.id, setting: unreadable },
      "an app secret setting is malformed or does not open with this server's encryption key: its login method is off until it is set again",
    )
    return undefined
  }
  return section.reduce<unknown>(
    (node, step) => (isRecord(node) && Object.hasOwn(node, step) ? node[step] : undefined),
    opened,
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
