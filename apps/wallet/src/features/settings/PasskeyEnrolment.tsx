import { type LinkedAccount, useLinkAccount, useMfa, useSatchel } from '@satchel/react'
import { useState } from 'react'
import { canUsePasskeys } from '../../shared/passkeys/canUsePasskeys'
import { isStepUpRequired } from '../../shared/stepUp/isStepUpRequired'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import type { StepUp } from './stepUp'

const credentialIdsOf = (accounts: readonly LinkedAccount[]) =>
  accounts.flatMap((account) =>
    account.type === 'passkey' && typeof account.credentialId === 'string' ? [account.credentialId] : [],
  )

/**
 * Turns passkeys on as a second factor: the passkeys the user already signed in with, or (with none)
 * a new one made on this device first. Holding one of them is what the factor proves.
 *
 * @example
 * <PasskeyEnrolment stepUp={stepUp} onDone={() => setDone('Passkey added.')} />
 */
export function PasskeyEnrolment({ stepUp, onDone }: { stepUp: StepUp; onDone: () => void }) {
  const { user } = useSatchel()
  const { enrollPasskey } = useMfa()
  const { linkPasskey } = useLinkAccount()
  const [state, setState] = useState<{ pending: boolean; error?: unknown }>({ pending: false })
  if (!canUsePasskeys()) return null
  const existing = credentialIdsOf(user?.linkedAccounts ?? [])

  const run = () => {
    setState({ pending: true })
    const enrol = async () => {
      // No passkey yet: make one first (the browser's passkey prompt), then use it.
      const ids = existing.length > 0 ? existing : credentialIdsOf((await linkPasskey()).linkedAccounts)
      await enrollPasskey({ credentialIds: ids })
    }
    enrol().then(
      () => {
        setState({ pending: false })
        onDone()
      },
      (error: unknown) => {
        setState({ pending: false })
        if (isStepUpRequired(error)) stepUp('Adding a second factor needs one you already have.', run)
        else setState({ pending: false, error })
      },
    )
  }

  return (
    <div>
      {state.error ? <ErrorMessage error={state.error} /> : null}
      <button type="button" className="button button--secondary" onClick={run} disabled={state.pending}>
        {state.pending
          ? 'Waiting for your passkey…'
          : existing.length > 0
            ? `Use your passkey${existing.length > 1 ? 's' : ''} as a second factor`
            : 'Create a passkey for a second factor'}
      </button>
    </div>
  )
}
