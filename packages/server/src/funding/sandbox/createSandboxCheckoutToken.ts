import { createHmac } from 'node:crypto'

/** How long a sandbox checkout link stays usable. */
export const SANDBOX_CHECKOUT_TTL_SECONDS = 30 * 60

/** What the sandbox needs to take the payment; the API vouches for it with the shared secret. */
export type SandboxCheckout = {
  sessionId: string
  address: string
  /** The EVM chain it pays on; `null` when it pays on a Solana cluster (`caip2`). */
  chainId: number | null
  /** The Solana cluster it pays on (the devnet's local one), by CAIP-2 id. */
  caip2?: string | undefined
  asset: 'native' | 'USDC'
  amount: string
}

/**
 * The `session` parameter of a sandbox checkout link: `<payload>.<mac>`, where payload is base64url of
 * `{sid, address, chain_id, asset, amount, exp}` (with `caip2` instead of `chain_id` for a Solana
 * cluster) and mac is base64url(HMAC-SHA256(secret,
 * "satchel-sandbox-checkout." + payload)). The sandbox (apps/devnet/src/sandbox-onramp) checks it with
 * the same secret, so the address a payment goes to is the one the API checked belongs to the user.
 * The label keeps these MACs apart from the webhook signatures made with the same secret.
 *
 * @example
 * const token = createSandboxCheckoutToken(checkout, secret, Math.floor(ctx.now() / 1000))
 */
export function createSandboxCheckoutToken(
  checkout: SandboxCheckout,
  secret: string,
  nowSeconds: number,
): string {
  const payload = Buffer.from(
    JSON.stringify({
      sid: checkout.sessionId,
      address: checkout.address,
      ...(checkout.chainId === null ? { caip2: checkout.caip2 } : { chain_id: checkout.chainId }),
      asset: checkout.asset,
      amount: checkout.amount,
      exp: nowSeconds + SANDBOX_CHECKOUT_TTL_SECONDS,
    }),
  ).toString('base64url')
  const mac = createHmac('sha256', secret).update(`satchel-sandbox-checkout.${payload}`).digest('base64url')
  return `${payload}.${mac}`
}
