import { useId } from 'react'

/**
 * Satchel's mark: a bag with its flap and clasp on an indigo-to-violet tile. Drawn here rather than
 * loaded, so the header shows it with the first paint. Decorative: the brand's name sits beside it.
 *
 * @example
 * <Logo className="shell__logo" />
 */
export function Logo({ className }: { className?: string }) {
  // Two logos on one page (header and sign-in) must not share a gradient id.
  const gradient = useId()
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path d="M11.5 12.5V10a4.5 4.5 0 0 1 9 0v2.5" fill="none" stroke="#fff" strokeWidth="2.2" />
      <rect x="7" y="12" width="18" height="13.5" rx="3.5" fill="#fff" />
      <path d="M7.2 15.2Q16 22 24.8 15.2" fill="none" stroke={`url(#${gradient})`} strokeWidth="2" />
      <circle cx="16" cy="18.6" r="1.7" fill={`url(#${gradient})`} />
    </svg>
  )
}
