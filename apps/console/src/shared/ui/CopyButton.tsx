import { useEffect, useState } from 'react'

/**
 * Copies a value to the clipboard and says so ("Copied") in a live region.
 *
 * @example
 * <CopyButton value={address} label="Copy address" />
 */
export function CopyButton({
  value,
  label = 'Copy',
  accessibleLabel,
  className = 'button button--secondary button--small',
}: {
  value: string
  label?: string
  /** What a screen reader announces when the visible label alone is ambiguous ("Copy address"). */
  accessibleLabel?: string | undefined
  className?: string
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2000)
    return () => clearTimeout(timer)
  }, [state])
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => setState('copied'),
      () => setState('failed'),
    )
  }
  return (
    <>
      <button type="button" className={className} onClick={copy} aria-label={accessibleLabel}>
        {label}
      </button>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copying failed: select the text instead' : ''}
      </span>
    </>
  )
}
