import { z } from 'zod'

export type CreateSmsSenderParameters = {
  /** The provider's base URL, e.g. `https://api.twilio.com`. */
  apiUrl: string
  accountSid: string
  authToken: string
  /** The sending number (E.164) or messaging-service id. */
  from: string
}

export type SmsMessage = {
  /** E.164, e.g. `+14155550100`. */
  to: string
  text: string
}

export type CreateSmsSenderReturnType = {
  /** Resolves once the provider has accepted the message (2xx); throws otherwise. */
  send(message: SmsMessage): Promise<void>
}

const TIMEOUT_MS = 10_000
const MAX_PROVIDER_MESSAGE_LENGTH = 200

// Only the fields we name in an error; anything else the provider says is ignored.
const providerErrorSchema = z.object({
  code: z.union([z.number(), z.string()]).optional(),
  message: z.string().optional(),
})

/**
 * Sends text messages through a Twilio-compatible HTTP API:
 * `POST {apiUrl}/2010-04-01/Accounts/{accountSid}/Messages.json` with Basic auth and a form body.
 * A refusal throws an error naming the HTTP status and the provider's `code` and `message`, never the
 * text (it carries a one-time code) nor the auth token.
 *
 * @example
 * const sms = createSmsSender({ apiUrl: 'https://api.twilio.com', accountSid: 'AC…', authToken: '…', from: '+15005550006' })
 * await sms.send({ to: '+14155550100', text: '123456 is your login code' })
 */
export function createSmsSender(parameters: CreateSmsSenderParameters): CreateSmsSenderReturnType {
  const { accountSid, authToken, from } = parameters
  const endpoint = `${parameters.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`

  return {
    async send({ to, text }) {
      let response: Response
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: to, From: from, Body: text }),
          // A redirect would replay the credentials to wherever it points; a real provider never sends one.
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      } catch (error) {
        // The cause is kept for the operator; fetch's own errors name neither the body nor the headers.
        const reason =
          error instanceof Error && error.name === 'TimeoutError'
            ? `no answer within ${TIMEOUT_MS / 1000} s`
            : 'the provider could not be reached'
        throw new Error(`SMS delivery failed: ${reason}`, { cause: error })
      }
      if (response.ok) {
        await response.body?.cancel()
        return
      }
      const detail = redact(await readProviderError(response), { text, authToken, to })
      throw new Error(`SMS delivery failed: the provider answered ${response.status}${detail}`)
    },
  }
}

async function readProviderError(response: Response): Promise<string> {
  let json: unknown
  try {
    json = await response.json()
  } catch {
    return ''
  }
  const parsed = providerErrorSchema.safeParse(json)
  if (!parsed.success) return ''
  const { code, message } = parsed.data
  const parts = [
    code === undefined ? undefined : `code ${code}`,
    message?.slice(0, MAX_PROVIDER_MESSAGE_LENGTH),
  ].filter((part) => part !== undefined && part !== '')
  return parts.length > 0 ? ` (${parts.join(': ')})` : ''
}

// A provider may echo what it was sent ("The 'To' number +1415… is not valid"). Errors end up in logs,
// so the code-bearing text, any lone 6-digit run (a code quoted on its own) and the token are cut out,
// and the phone number is masked.
function redact(value: string, sent: { text: string; authToken: string; to: string }): string {
  let result = value
  for (const secret of [sent.text, sent.authToken]) {
    if (secret.length > 0) result = result.split(secret).join('[redacted]')
  }
  if (sent.to.length > 0) result = result.split(sent.to).join(maskPhone(sent.to))
  return result.replace(/(?<!\d)\d{6}(?!\d)/g, '[redacted]')
}

function maskPhone(phone: string): string {
  return phone.length <= 4 ? '***' : `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}`
}
