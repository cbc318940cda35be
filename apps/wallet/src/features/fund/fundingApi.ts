import type { SatchelClient } from '@satchel/react'

export type FundingAsset = 'native' | 'USDC'

export type FundingOption = {
  provider: 'coinbase' | 'moonpay' | 'sandbox'
  /** The chain the purchase really happens on (a provider may fall back to Ethereum mainnet). */
  chainId: number
  network: string | undefined
  warnings: string[]
}

export type FundingStatus = { status: 'pending' | 'success' | 'failure'; txHash: string | undefined }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

/**
 * The onramp providers that can fund `asset` on `chainId` (`GET /api/v1/funding/options`), and the
 * warnings of those that cannot. The SDK's funding action covers Coinbase only; this asks the server.
 *
 * @example
 * const { options } = await getFundingOptions(client, { chainId: 31337, asset: 'USDC' })
 */
export async function getFundingOptions(
  client: SatchelClient,
  { chainId, asset }: { chainId: number; asset: FundingAsset },
): Promise<{ options: FundingOption[]; warnings: string[] }> {
  const answer = await client.request({
    method: 'GET',
    path: '/api/v1/funding/options',
    query: { chain_id: String(chainId), asset },
  })
  const list = isRecord(answer) && Array.isArray(answer.options) ? answer.options : []
  return {
    options: list.flatMap((option): FundingOption[] =>
      isRecord(option) &&
      (option.provider === 'coinbase' || option.provider === 'moonpay' || option.provider === 'sandbox') &&
      typeof option.chainId === 'number'
        ? [
            {
              provider: option.provider,
              chainId: option.chainId,
              network: typeof option.network === 'string' ? option.network : undefined,
              warnings: strings(option.warnings),
            },
          ]
        : [],
    ),
    warnings: isRecord(answer) ? strings(answer.warnings) : [],
  }
}

/**
 * Opens a sandbox checkout (`POST /api/v1/funding/sandbox/init`): the test-card page that pays the
 * wallet on the local chain.
 *
 * @example
 * const { checkoutUrl, sessionId } = await startSandboxCheckout(client, { address, chainId: 31337, asset: 'USDC', amount: '25' })
 */
export async function startSandboxCheckout(
  client: SatchelClient,
  parameters: { address: string; chainId: number; asset: FundingAsset; amount: string },
): Promise<{ checkoutUrl: string; sessionId: string }> {
  const answer = await client.request({
    method: 'POST',
    path: '/api/v1/funding/sandbox/init',
    body: parameters,
    auth: true,
  })
  if (!isRecord(answer) || typeof answer.checkoutUrl !== 'string' || typeof answer.sessionId !== 'string')
    throw new Error('The funding service answered without a checkout page')
  return { checkoutUrl: answer.checkoutUrl, sessionId: answer.sessionId }
}

/**
 * Where a sandbox purchase stands (`GET /api/v1/funding/sandbox/status`).
 *
 * @example
 * await getSandboxStatus(client, { sessionId }) // { status: 'success', txHash: '0x…' }
 */
export async function getSandboxStatus(
  client: SatchelClient,
  { sessionId }: { sessionId: string },
): Promise<FundingStatus> {
  const answer = await client.request({
    method: 'GET',
    path: '/api/v1/funding/sandbox/status',
    query: { sessionId },
    auth: true,
  })
  const status = isRecord(answer) ? answer.status : undefined
  return {
    status: status === 'success' || status === 'failure' ? status : 'pending',
    txHash: isRecord(answer) && typeof answer.txHash === 'string' ? answer.txHash : undefined,
  }
}
