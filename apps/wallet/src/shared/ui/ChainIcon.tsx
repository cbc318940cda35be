import type { ReactNode } from 'react'
import { LetterGlyph } from './LetterGlyph'

const ethereum: ReactNode = (
  <>
    <circle cx="12" cy="12" r="12" fill="#3c3c3d" />
    <path d="M12 3.6 6.9 12.2 12 15.2l5.1-3z" fill="#fff" />
    <path d="M12 16.2 6.9 13.2 12 20.4l5.1-7.2z" fill="#fff" opacity=".75" />
  </>
)
const base: ReactNode = (
  <>
    <circle cx="12" cy="12" r="12" fill="#0052ff" />
    <circle cx="12" cy="12" r="7.5" fill="#fff" />
    <rect x="4" y="11" width="9.5" height="2" fill="#0052ff" />
  </>
)
const solana: ReactNode = (
  <>
    <circle cx="12" cy="12" r="12" fill="#14151a" />
    <path d="M8.6 7h9.2l-1.9 2H6.7zM6.7 11h9.2l1.9 2H8.6zM8.6 15h9.2l-1.9 2H6.7z" fill="#19fb9b" />
  </>
)

// Ethereum and its testnets (and the local devnet chain, which stands in for it); Base and its
// testnet (and the local one standing in for it).
const byId: Readonly<Record<string, ReactNode>> = {
  1: ethereum,
  11155111: ethereum,
  17000: ethereum,
  31337: ethereum,
  8453: base,
  84532: base,
  31338: base,
  solana,
}

/**
 * The mark of the chain an asset sits on, by EVM chain id (or `solana`), or the chain name's first
 * letter when the wallet has no mark for it. Decorative: the chain's name is written beside it.
 *
 * @example
 * <ChainIcon chain={8453} name="Base" />
 */
export function ChainIcon({
  chain,
  name,
  className,
}: {
  chain: number | string
  name: string
  className?: string
}) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {byId[String(chain)] ?? <LetterGlyph name={name} />}
    </svg>
  )
}
