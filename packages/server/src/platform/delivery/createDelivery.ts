import { ApiError } from '@satchel/core'
import type { Config } from '../config/loadConfig'
import type { Db } from '../db/createDatabase'
import { createOutboxStore } from './createOutboxStore'
import { createSmsSender } from './createSmsSender'
import { createSmtpSender } from './createSmtpSender'
import type { Delivery } from './types'

export type CreateDeliveryParameters = {
  config: Pick<Config, 'smtp' | 'sms' | 'env'>
  db: Db
  /** The mode of the app a message is for (`undefined`: unknown app). */
  appMode(appId: string): Promise<'development' | 'production' | undefined>
}

/**
 * Picks a route per channel from the configuration: email over SMTP when `SMTP_URL` is set, SMS over the
 * HTTP provider when the `SMS_*` variables are set, the dev outbox for any channel left unconfigured.
 * Only outbox channels can be read back, so a configured provider's codes never reach `readOutbox`.
 *
 * The outbox keeps messages, codes included, in plain text so a developer can read them: it takes
 * only messages of a development-mode app on a server not in production. Anything else with no
 * provider is refused (`delivery_not_configured`) instead of being stored where nobody should read it.
 *
 * @example
 * const delivery = createDelivery({ config, db, appMode: async (id) => (await apps.getApp(id))?.mode })
 * await delivery.send({ channel: 'email', to: 'ada@example.com', subject: 'Code', text: '123456', appId })
 * if (delivery.usesOutbox('email')) console.log(await delivery.readOutbox('ada@example.com', appId))
 */
export function createDelivery({ config, db, appMode }: CreateDeliveryParameters): Delivery {
  const outbox = createOutboxStore(db)
  const smtp = config.smtp ? createSmtpSender(config.smtp) : undefined
  const sms = config.sms ? createSmsSender(config.sms) : undefined

  return {
    async send(message) {
      if (message.channel === 'email' && smtp) {
        await smtp.send({
          to: message.to,
          subject: message.subject ?? '',
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
        })
        return
      }
      if (message.channel === 'sms' && sms) {
        await sms.send({ to: message.to, text: message.text })
        return
      }
      const mode = message.appId === undefined ? undefined : await appMode(message.appId)
      if (config.env === 'production' || mode !== 'development')
        throw new ApiError('delivery_not_configured', {
          message:
            message.channel === 'email'
              ? 'Email cannot be sent: no SMTP server is configured'
              : 'Text messages cannot be sent: no SMS provider is configured',
        })
      await outbox.write(message)
    },
    usesOutbox(channel) {
      return channel === 'email' ? !smtp : !sms
    },
    readOutbox(to, appId) {
      return outbox.read(to, appId)
    },
    async close() {
      await smtp?.close()
    },
  }
}
