import { isDeepStrictEqual } from 'node:util'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { writeAudit } from '../../platform/audit/writeAudit'
import { adminRoute } from '../appSecrets/adminRoute'
import { readAdminActor } from '../appSecrets/readAdminActor'
import { readAppSecretCaller } from '../appSecrets/readAppSecretCaller'
import type { ServerContext } from '../context'
import { applySettingsPatch } from './applySettingsPatch'
import { appSettingsPatchSchema, appSettingsViewSchema } from './settingsSchema'
import { toAppSettingsView } from './toAppSettingsView'

/**
 * The app's rules, read and changed by its backend (or the console): who may sign in and how, what
 * signing asks, what the first login makes. A change is a non-GET route, so a read-only secret
 * cannot make it; the app is always the secret's own, so app A never reads or changes app B. Every
 * change is audited as `app.settings_changed` with who made it and each field before and after.
 */
export function settingsRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/apps/settings',
      adminRoute("The app's settings", { response: { 200: appSettingsViewSchema } }),
      async (request) => {
        // Read afresh: the caller's copy may be up to a few seconds old (the apps cache).
        const current = await ctx.apps.requireApp(readAppSecretCaller(request).app.id)
        return toAppSettingsView(current, ctx.config)
      },
    )

    app.patch(
      '/api/v1/apps/settings',
      adminRoute("Change the app's settings (audited with who changed what)", {
        body: appSettingsPatchSchema,
        response: { 200: appSettingsViewSchema },
      }),
      async (request) => {
        const current = await ctx.apps.requireApp(readAppSecretCaller(request).app.id)
        const updated = await ctx.apps.updateApp(
          current.id,
          applySettingsPatch(current, request.body, ctx.config),
        )
        const before = toAppSettingsView(current, ctx.config)
        const after = toAppSettingsView(updated, ctx.config)
        const was = new Map(Object.entries(before))
        const changes = Object.fromEntries(
          Object.entries(after)
            .filter(([key, value]) => !isDeepStrictEqual(was.get(key), value))
            .map(([key, value]) => [key, { before: was.get(key), after: value }]),
        )
        await writeAudit(ctx.db, {
          appId: current.id,
          action: 'app.settings_changed',
          outcome: 'success',
          details: { actor: readAdminActor(request), changes },
        })
        return after
      },
    )
  }
}
