import type { App } from './types'

/**
 * How many users a development-mode app may have, or undefined for no cap: a production app, or a
 * server whose `DEV_USER_LIMIT` is 0 and an app that set no limit of its own.
 *
 * @example
 * const limit = devUserLimitOf(app, ctx.config)
 */
export function devUserLimitOf(
  app: Pick<App, 'mode' | 'devUserLimit'>,
  config: { devUserLimit: number },
): number | undefined {
  if (app.mode !== 'development') return undefined
  return app.devUserLimit ?? (config.devUserLimit > 0 ? config.devUserLimit : undefined)
}
