import type { SatchelClient } from '../createSatchelClient'
import { isRecord } from '../parse'
import { getOAuthPendingStore, type OAuthPending } from './getOAuthPendingStore'

/**
 * This tab's pending OAuth round trip, without taking it; undefined when there is none (or what is
 * stored is not one: another script on the page can write sessionStorage).
 *
 * @example
 * const pending = await peekOAuthPending(client) // { provider: 'google', intent: 'login', ... }
 */
export async function peekOAuthPending(
  client: Pick<SatchelClient, 'appId' | 'storage'>,
): Promise<OAuthPending | undefined> {
  const { store, key } = getOAuthPendingStore(client)
  const raw = await store.getItem(key)
  if (!raw) return undefined
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (!isRecord(value)) return undefined
  const { codeVerifier, stateCode, provider, intent, fromModal } = value
  if (typeof codeVerifier !== 'string' || typeof stateCode !== 'string' || typeof provider !== 'string')
    return undefined
  return {
    codeVerifier,
    stateCode,
    provider,
    // Round trips started before links existed were logins.
    intent: intent === 'link' ? 'link' : 'login',
    ...(fromModal === true ? { fromModal } : {}),
  }
}
