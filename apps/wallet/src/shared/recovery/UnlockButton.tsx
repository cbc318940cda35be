import { useContext } from 'react'
import { UnlockPromptContext } from './UnlockPromptContext'

/**
 * "Unlock wallet": opens the passcode prompt over the current screen. Shows nothing when the wallet
 * is not locked (or outside the signed-in shell).
 *
 * @example
 * <UnlockButton className="button button--secondary" />
 */
export function UnlockButton({ className = 'button' }: { className?: string }) {
  const prompt = useContext(UnlockPromptContext)
  if (!prompt) return null
  return (
    <button type="button" className={className} onClick={prompt.open}>
      Unlock wallet
    </button>
  )
}
