import type { SatchelClient } from '../createSatchelClient'
import { readString } from '../parse'
import type { FundingAsset } from './getFundingOptions'

export type StartSandboxCheckoutParameters = {
  address: string
  asset: FundingAsset
  amount: string
} & (
  | { chainId: number; caip2?: undefined }
  /** A Solana cluster by CAIP-2 id (the devnet's local cluster stands in for Solana devnet). */
  | { caip2: string; chainId?: undefined }
)

export type StartSandboxCheckoutReturnType = {
  /** The test-card page to open. */
  checkoutUrl: string
  /** For `getFundingStatus(client, { sandboxSessionId })`. */
  sessionId: string
}

/**
 * Opens a sandbox checkout (`POST /api/v1/funding/sandbox/init`): a test-card page that pays the
 * wallet on a local chain, for development. The caller opens `checkoutUrl`.
 *
 * @example
 * const { checkoutUrl, sessionId } = await startSandboxCheckout(client, { address, chainId: 31337, asset: 'USDC', amount: '25' })
 * // SOL or USDC on the local Solana cluster:
 * await startSandboxCheckout(client, { address: solanaAddress, caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', asset: 'USDC', amount: '25' })
 */
export async function startSandboxCheckout(
  client: SatchelClient,
  parameters: StartSandboxCheckoutParameters,
): Promise<StartSandboxCheckoutReturnType> {
  const path = '/api/v1/funding/sandbox/init'
  const answer = await client.request({ method: 'POST', path, body: parameters, auth: true })
  return {
    checkoutUrl: readString(answer, 'checkoutUrl', path),
    sessionId: readString(answer, 'sessionId', path),
  }
}
