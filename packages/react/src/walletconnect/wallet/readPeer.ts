import { isRecord } from '../../client/parse'
import { readVerification } from './readVerification'
import type { WalletConnectPeer } from './types'

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

const text = (value: unknown, limit: number): string =>
  typeof value === 'string' ? value.trim().slice(0, limit) : ''

/**
 * An app's self-description from a proposal or session (untrusted: it comes from the other side) and
 * what Verify said about it, reduced to what a screen can show safely: bounded text, http(s) URLs.
 *
 * @example
 * readPeer({ name: 'Uniswap', url: 'https://app.uniswap.org', icons: [] }, undefined).name // 'Uniswap'
 */
export function readPeer(metadata: unknown, verifyContext: unknown): WalletConnectPeer {
  const meta = isRecord(metadata) ? metadata : {}
  const icons = Array.isArray(meta.icons) ? meta.icons : []
  const icon = icons.find(
    (candidate): candidate is string =>
      isHttpUrl(candidate) || (typeof candidate === 'string' && candidate.startsWith('data:image/')),
  )
  return {
    name: text(meta.name, 100) || 'Unnamed app',
    description: text(meta.description, 300),
    url: isHttpUrl(meta.url) ? meta.url : '',
    icon,
    ...readVerification(verifyContext),
  }
}
