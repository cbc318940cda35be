import { useId } from 'react'
import { RecoveryUnlockForm } from '../../shared/recovery/RecoveryUnlockForm'
import { isSigningBlocked, useRecoveryStatus } from '../../shared/recovery/useRecoveryStatus'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'

/**
 * Says plainly, on Home, when this session cannot sign because the wallet is locked with a recovery
 * passcode, and offers the unlock form there. Shows nothing when the wallet can sign.
 */
export function RecoveryBanner() {
  const recovery = useRecoveryStatus()
  const id = useId()
  if (recovery.state.status === 'error')
    return (
      <ErrorMessage
        title="Could not check whether your wallet is locked"
        error={recovery.state.error}
        onRetry={recovery.retry}
      />
    )
  if (recovery.state.status !== 'ready' || !isSigningBlocked(recovery.state)) return null
  const { method } = recovery.state.value
  return (
    <section className="card home__locked" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your wallet is locked on this device</h2>
      <p>
        You set a recovery passcode, so a new sign-in cannot send or sign until you enter it. Your balances
        stay visible.
      </p>
      {method ? <RecoveryUnlockForm method={method} onUnlocked={recovery.update} /> : null}
    </section>
  )
}
