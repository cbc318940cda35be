import { getWalletConnectError } from '@satchel/core'
import { describeSessionRequest } from './describeSessionRequest'
import { readVerification } from './readVerification'
import { isSupportedMethod } from './supportedMethods'
import type { WalletConnectRequest, WalletConnectSession } from './types'

export type ReadSessionRequestParameters = {
  /** WalletKit's `session_request` event (its params come from the app: untrusted). */
  event: {
    id: number
    topic: string
    params: { request: { method: string; params: unknown }; chainId: string }
    /** What Verify said of where this request came from. */
    verifyContext?: unknown
  }
  /** The session it came on, when it still exists. */
  session: WalletConnectSession | undefined
  /** The EVM chain ids this wallet serves. */
  chains: readonly number[]
  /** The CAIP-2 ids of the Solana clusters this wallet serves (none unless given). */
  solanaChains?: readonly string[] | undefined
}

const chainIdOf = (caip2: string) => {
  const match = /^eip155:([1-9][0-9]{0,15})$/.exec(caip2)
  return match ? Number(match[1]) : undefined
}

/**
 * An app's request as the queue holds it, or, for a chain or method the session was not approved for
 * (or this wallet does not serve), the standard error to refuse it with before the user sees anything.
 *
 * @example
 * const read = readSessionRequest({ event, session, chains: [1] })
 * if ('refusal' in read) reject(read.refusal) // { code: 5101, message: 'Unsupported methods. eth_sign' }
 */
export function readSessionRequest({
  event,
  session,
  chains,
  solanaChains = [],
}: ReadSessionRequestParameters):
  | { request: WalletConnectRequest }
  | { refusal: { code: number; message: string } } {
  const { id, topic, params } = event
  const { method } = params.request
  const chainId = chainIdOf(params.chainId)
  const namespace = params.chainId.slice(0, params.chainId.indexOf(':'))
  const served = chainId === undefined ? solanaChains.includes(params.chainId) : chains.includes(chainId)
  if (!session || !served || !session.chains.includes(params.chainId))
    return { refusal: getWalletConnectError('UNSUPPORTED_CHAINS', params.chainId) }
  // A method of the other namespace (a Solana request on an EVM chain) is refused like an unknown one.
  if (!isSupportedMethod(method, namespace) || !session.methods.includes(method))
    return { refusal: getWalletConnectError('UNSUPPORTED_METHODS', method) }
  return {
    request: {
      id,
      topic,
      // Verify checks each request too: its answer for this request, beside the session's name and icon.
      app: { ...session.app, ...readVerification(event.verifyContext) },
      method,
      caip2: params.chainId,
      chainId,
      params: params.request.params,
      summary: describeSessionRequest({ method, params: params.request.params, chainId }),
    },
  }
}
