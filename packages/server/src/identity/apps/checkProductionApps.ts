import { ConfigError } from '../../platform/config/configError'
import type { Config } from '../../platform/config/loadConfig'
import { findMissingDelivery } from '../../platform/delivery/findMissingDelivery'
import type { App } from './types'

/**
 * The start-up rule of production that needs the database: every app's code-sending login methods
 * (email, SMS) must have a real provider, because production never writes a code to the dev outbox.
 * Without this a login method would fail for every user at the first code, long after the deploy.
 *
 * @throws {ConfigError} naming the variables to set, the app and the method.
 * @example
 * if (config.env === 'production') await checkProductionApps(config, await apps.listApps())
 */
export function checkProductionApps(config: Pick<Config, 'smtp' | 'sms'>, apps: readonly App[]): void {
  for (const app of apps) {
    const missing = findMissingDelivery(config, app.loginMethods)
    if (missing)
      throw new ConfigError(
        `${missing.variables}: required in production, because app ${app.id} (${app.name}) enables ${missing.method === 'email' ? 'email' : 'SMS'} login and codes are never sent to the dev outbox in production`,
      )
  }
}
