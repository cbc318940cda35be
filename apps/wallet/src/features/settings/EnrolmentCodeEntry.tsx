import { OTP_LENGTH } from '@satchel/core'
import type { ReactNode } from 'react'
import { CodeField } from '../../shared/ui/CodeField'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'

/**
 * The last step of turning on a code second factor (authenticator app, text messages): the code,
 * the error if the last try failed, "Turn on" once the code is whole, and the step's other buttons.
 * Goes inside the step's form, whose submit checks the code.
 *
 * @example
 * <EnrolmentCodeEntry id={`${id}-code`} label="Code from the text message" code={code} onCodeChange={setCode} pending={pending} error={error}>
 *   {cancel}
 * </EnrolmentCodeEntry>
 */
export function EnrolmentCodeEntry({
  id,
  label,
  code,
  onCodeChange,
  pending,
  error,
  children,
}: {
  id: string
  label: string
  code: string
  onCodeChange: (code: string) => void
  pending: boolean
  error: unknown
  /** The buttons after "Turn on" (send a new code, cancel). */
  children: ReactNode
}) {
  return (
    <>
      <CodeField id={id} label={label} value={code} onChange={onCodeChange} />
      {error ? <ErrorMessage error={error} /> : null}
      <div className="actions">
        <button type="submit" className="button" disabled={pending || code.length !== OTP_LENGTH}>
          {pending ? 'Checking…' : 'Turn on'}
        </button>
        {children}
      </div>
    </>
  )
}
