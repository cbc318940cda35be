import { createHmac, timingSafeEqual } from 'node:crypto'
import { isAddress as isSolanaAddress } from '@solana/kit'
import { isAddress } from 'viem'

/** A checkout the API opened: where the money goes and what the user asked to buy. */
export type SandboxCheckout = {
  sessionId: string
  /** An EVM address on `chainId`, or a base58 Solana address on the cluster `caip2`. */
  address: string
  chainId: number | null
  caip2?: string | undefined
  asset: 'native' | 'USDC'
  amount: string
}

/**
 * Reads the `session` parameter of a checkout link made by the API (packages/server/src/funding/
 * sandbox/createSandboxCheckoutToken.ts): `<payload>.<mac>`, payload = base64url JSON `{sid, address,
 * chain_id, asset, amount, exp}` (`caip2` in place of `chain_id` for a Solana cluster), mac = base64url(HMAC-SHA256(secret, "satchel-sandbox-checkout." +
 * payload)). Only the API holds the secret with this sandbox, so a checked token means the API
 * checked the address is the user's. Answers `undefined` for a forged, altered or expired link.
 *
 * @example
 * const checkout = readCheckoutToken(url.searchParams.get('session'), secret, Date.now())
 */
export function readCheckoutToken(
  token: string | null | undefined,
  secret: string,
  nowMs: number,
): SandboxCheckout | undefined {
  const [payload, mac, extra] = (token ?? '').split('.')
  if (!payload || !mac || extra !== undefined) return undefined
  const expected = createHmac('sha256', secret).update(`satchel-sandbox-checkout.${payload}`).digest()
  const given = Buffer.from(mac, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  let claims: unknown
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (typeof claims !== 'object' || claims === null) return undefined
  const [sid, address, chainId, caip2, asset, amount, exp]: unknown[] = [
    'sid',
    'address',
    'chain_id',
    'caip2',
    'asset',
    'amount',
    'exp',
  ].map((name) => Reflect.get(claims, name))
  const evm = typeof chainId === 'number' && caip2 === undefined
  const solana = chainId === undefined && typeof caip2 === 'string' && caip2.startsWith('solana:')
  if (
    typeof sid !== 'string' ||
    typeof address !== 'string' ||
    !(evm ? isAddress(address, { strict: false }) : solana && isSolanaAddress(address)) ||
    (asset !== 'native' && asset !== 'USDC') ||
    typeof amount !== 'string' ||
    typeof exp !== 'number' ||
    exp * 1000 < nowMs
  )
    return undefined
  if (solana) return { sessionId: sid, address, chainId: null, caip2, asset, amount }
  return { sessionId: sid, address, chainId: typeof chainId === 'number' ? chainId : null, asset, amount }
}
