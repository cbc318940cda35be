/**
 * The stand-in for a missing token or chain mark, inside a 24-unit icon: the name's first letter on a
 * neutral disc, rather than a borrowed logo.
 *
 * @example
 * <svg viewBox="0 0 24 24"><LetterGlyph name="Optimism" /></svg>
 */
export function LetterGlyph({ name }: { name: string }) {
  return (
    <>
      <circle cx="12" cy="12" r="12" fill="#5b5d6b" />
      <text x="12" y="16.2" textAnchor="middle" fontSize="12" fontWeight="700" fill="#fff">
        {name.slice(0, 1).toUpperCase()}
      </text>
    </>
  )
}
