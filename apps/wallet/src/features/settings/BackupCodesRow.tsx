import { type BackupCodes, useMfa } from '@satchel/react'
import { useEffect, useState } from 'react'
import { isStepUpRequired } from '../../shared/stepUp/isStepUpRequired'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import type { StepUp } from './stepUp'

/**
 * The backup codes line of two-factor settings: how many are left, and "Make new codes" (which voids
 * the old ones, after the second factor the server asks for).
 *
 * @example
 * <BackupCodesRow stepUp={stepUp} onMade={setCodes} />
 */
export function BackupCodesRow({ stepUp, onMade }: { stepUp: StepUp; onMade: (codes: BackupCodes) => void }) {
  const { getBackupCodeCount, generateBackupCodes } = useMfa()
  const [remaining, setRemaining] = useState<number | undefined>(undefined)
  const [state, setState] = useState<{ pending: boolean; error?: unknown }>({ pending: false })
  // Read once per mount: the section remounts this row (its key) whenever a new set is shown.
  useEffect(() => {
    let live = true
    getBackupCodeCount().then(
      ({ remaining: left }) => live && setRemaining(left),
      () => live && setRemaining(undefined),
    )
    return () => {
      live = false
    }
  }, [getBackupCodeCount])
  const make = () => {
    setState({ pending: true })
    generateBackupCodes().then(
      (codes) => {
        setState({ pending: false })
        onMade(codes)
      },
      (error: unknown) => {
        setState({ pending: false })
        if (isStepUpRequired(error)) stepUp('New backup codes need your second factor.', make)
        else setState({ pending: false, error })
      },
    )
  }
  return (
    <li className="settings__item">
      <span>
        Backup codes{' '}
        <span className="settings__meta">{remaining === undefined ? '' : `${remaining} of 10 left`}</span>
      </span>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={make}
        disabled={state.pending}
      >
        {state.pending ? 'Making…' : 'Make new codes'}
      </button>
      {state.error ? <ErrorMessage error={state.error} /> : null}
    </li>
  )
}
