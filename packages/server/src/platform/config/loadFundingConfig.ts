import { ConfigError } from './configError'
import type { Environment } from './loadConfig'
import { parseCdpKey } from './parseCdpKey'

/** One MoonPay configuration (production or sandbox). */
export type MoonpayEnvironmentConfig = {
  publishableKey: string
  secretKey: string
  /** Verifies `Moonpay-Signature-V2`; without it this environment's webhooks are refused. */
  webhookKey: string | undefined
  apiUrl: string
  widgetUrl: string
}

/** The onramps this server offers; `undefined` means not configured, so not offered. */
export type FundingConfig = {
  coinbase:
    | {
        keyId: string
        /** PEM EC key or base64 Ed25519 secret; checked at load (see funding/coinbase/parseCdpKey.ts). */
        privateKey: string
        apiUrl: string
        payUrl: string
        webhookSecret: string | undefined
        webhookSignatureHeader: string
      }
    | undefined
  moonpay: { production: MoonpayEnvironmentConfig | undefined; sandbox: MoonpayEnvironmentConfig | undefined }
  /** The devnet's test-card provider: on by default in development only. */
  sandbox: { url: string; webhookSecret: string } | undefined
}

/** Where `npm start` runs the sandbox onramp (apps/devnet/src/sandbox-onramp). */
export const DEFAULT_SANDBOX_ONRAMP_URL = 'http://127.0.0.1:8791'
// Development only, like anvil's well-known keys: the sandbox pays nothing but local test coins.
const DEVELOPMENT_SANDBOX_ONRAMP_SECRET = 'satchel-devnet-sandbox-onramp'

/**
 * The onramps this server offers, from the environment: each provider only with its keys (a half
 * pair names both variables), the devnet's sandbox by default in development only.
 *
 * @example
 * loadFundingConfig(environment).moonpay.sandbox // undefined unless MOONPAY_SANDBOX_* are set
 */
export function loadFundingConfig(e: Environment): FundingConfig {
  const pair = (a: string | undefined, b: string | undefined, names: string) => {
    if (Boolean(a) !== Boolean(b)) throw new ConfigError(`${names}: set both or neither`)
    return a !== undefined && b !== undefined ? ([a, b] as const) : undefined
  }
  const cdp = pair(
    e.COINBASE_CDP_KEY_ID,
    e.COINBASE_CDP_PRIVATE_KEY,
    'COINBASE_CDP_KEY_ID and COINBASE_CDP_PRIVATE_KEY',
  )
  if (cdp) {
    try {
      parseCdpKey(cdp[0], cdp[1])
    } catch (error) {
      throw new ConfigError(`COINBASE_CDP_PRIVATE_KEY: ${error instanceof Error ? error.message : 'invalid'}`)
    }
  }
  const moonpay = pair(
    e.MOONPAY_PUBLISHABLE_KEY,
    e.MOONPAY_SECRET_KEY,
    'MOONPAY_PUBLISHABLE_KEY and MOONPAY_SECRET_KEY',
  )
  const moonpaySandbox = pair(
    e.MOONPAY_SANDBOX_PUBLISHABLE_KEY,
    e.MOONPAY_SANDBOX_SECRET_KEY,
    'MOONPAY_SANDBOX_PUBLISHABLE_KEY and MOONPAY_SANDBOX_SECRET_KEY',
  )
  const development = e.NODE_ENV === 'development'
  const sandboxUrl = e.SANDBOX_ONRAMP_URL ?? (development ? DEFAULT_SANDBOX_ONRAMP_URL : undefined)
  const sandboxSecret =
    e.SANDBOX_ONRAMP_WEBHOOK_SECRET ?? (development ? DEVELOPMENT_SANDBOX_ONRAMP_SECRET : undefined)
  if (e.SANDBOX_ONRAMP_URL && !sandboxSecret)
    throw new ConfigError('SANDBOX_ONRAMP_WEBHOOK_SECRET: required when SANDBOX_ONRAMP_URL is set')
  return {
    coinbase: cdp
      ? {
          keyId: cdp[0],
          privateKey: cdp[1],
          apiUrl: e.COINBASE_API_URL,
          payUrl: e.COINBASE_PAY_URL,
          webhookSecret: e.COINBASE_WEBHOOK_SECRET,
          webhookSignatureHeader: e.COINBASE_WEBHOOK_SIGNATURE_HEADER.toLowerCase(),
        }
      : undefined,
    moonpay: {
      production: moonpay && {
        publishableKey: moonpay[0],
        secretKey: moonpay[1],
        webhookKey: e.MOONPAY_WEBHOOK_KEY,
        apiUrl: e.MOONPAY_API_URL,
        widgetUrl: e.MOONPAY_WIDGET_URL,
      },
      sandbox: moonpaySandbox && {
        publishableKey: moonpaySandbox[0],
        secretKey: moonpaySandbox[1],
        webhookKey: e.MOONPAY_SANDBOX_WEBHOOK_KEY,
        apiUrl: e.MOONPAY_SANDBOX_API_URL,
        widgetUrl: e.MOONPAY_SANDBOX_WIDGET_URL,
      },
    },
    sandbox: sandboxUrl && sandboxSecret ? { url: sandboxUrl, webhookSecret: sandboxSecret } : undefined,
  }
}
