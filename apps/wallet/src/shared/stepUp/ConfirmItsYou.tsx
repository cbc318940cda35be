import { useSatchel } from '@satchel/react'
import { MfaPrompt } from '../mfa/MfaPrompt'
import { ReauthenticatePrompt } from './ReauthenticatePrompt'

export type ConfirmItsYouProps = {
  /** Why it is asked, e.g. `Exporting your private key needs you to confirm it's you.` */
  reason: string
  onConfirmed: () => void
  onCancel: () => void
}

/**
 * "Confirm it's you" before a sensitive action (export, linking and unlinking, MFA and recovery
 * changes, signers, logging out everywhere), in the way the server will accept: the second factor when
 * the person has one, otherwise one of their login methods proved again (a code, a passkey). Calls
 * `onConfirmed` once it is done, so the action can be retried.
 *
 * @example
 * <ConfirmItsYou reason="Exporting your private key needs you to confirm it's you." onConfirmed={retry} onCancel={close} />
 */
export function ConfirmItsYou({ reason, onConfirmed, onCancel }: ConfirmItsYouProps) {
  const { user } = useSatchel()
  if (user && user.mfaMethods.length > 0)
    return <MfaPrompt reason={reason} onVerified={onConfirmed} onCancel={onCancel} />
  return <ReauthenticatePrompt reason={reason} onConfirmed={onConfirmed} onCancel={onCancel} />
}
