import type { ReactNode } from 'react'
import { LetterGlyph } from './LetterGlyph'

// Bundled marks of the assets the wallet holds, drawn on a 24-unit circle. An asset without one gets
// its first letter on a neutral disc rather than a borrowed logo.
const glyphs: Readonly<Record<string, ReactNode>> = {
  ETH: (
    <>
      <circle cx="12" cy="12" r="12" fill="#627eea" />
      <path d="M12 3.6 6.9 12.2 12 15.2l5.1-3z" fill="#fff" />
      <path d="M12 16.2 6.9 13.2 12 20.4l5.1-7.2z" fill="#fff" opacity=".8" />
    </>
  ),
  USDC: (
    <>
      <circle cx="12" cy="12" r="12" fill="#2775ca" />
      <path
        d="M8.6 6.2a7 7 0 0 0 0 11.6M15.4 6.2a7 7 0 0 1 0 11.6M14.3 9.6c-.4-.9-1.3-1.4-2.4-1.4-1.4 0-2.4.8-2.4 1.9s.9 1.6 2.4 1.9c1.6.3 2.6.8 2.6 2s-1.1 2-2.6 2c-1.2 0-2.2-.6-2.6-1.5M12 6.8v1.4M12 15.9v1.4"
        fill="none"
        stroke="#fff"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </>
  ),
  SOL: (
    <>
      <circle cx="12" cy="12" r="12" fill="#14151a" />
      <path d="M8.6 7h9.2l-1.9 2H6.7zM6.7 11h9.2l1.9 2H8.6zM8.6 15h9.2l-1.9 2H6.7z" fill="#19fb9b" />
      <path d="M8.6 7h9.2l-1.9 2H6.7zM8.6 15h9.2l-1.9 2H6.7z" fill="#9945ff" opacity=".65" />
    </>
  ),
}

/**
 * The icon of an asset by its symbol (ETH, USDC, SOL), or its first letter when the wallet has no
 * mark for it. Decorative: the symbol is always written beside it.
 *
 * @example
 * <TokenIcon symbol="USDC" />
 */
export function TokenIcon({ symbol, className }: { symbol: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {glyphs[symbol.toUpperCase()] ?? <LetterGlyph name={symbol} />}
    </svg>
  )
}
