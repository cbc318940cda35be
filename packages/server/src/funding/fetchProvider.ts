import { ApiError } from '@satchel/core'

/** How long a provider API gets to answer before the call is given up. */
export const PROVIDER_TIMEOUT_MS = 10_000

/**
 * `fetch` to an onramp provider's API with a timeout. Network failures and timeouts become
 * `onramp_provider_error`; the caller decides what an HTTP error status means.
 *
 * @example
 * const response = await fetchProvider('https://api.moonpay.com/v1/transactions/ext/x?apiKey=pk_live_...')
 */
export async function fetchProvider(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS), redirect: 'error' })
  } catch (cause) {
    const timedOut = cause instanceof Error && cause.name === 'TimeoutError'
    throw new ApiError('onramp_provider_error', {
      message: timedOut
        ? 'The onramp provider did not answer in time'
        : 'The onramp provider could not be reached',
      cause,
    })
  }
}
