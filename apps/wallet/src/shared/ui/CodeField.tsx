import { OTP_LENGTH } from '@satchel/core'
import type { ReactNode } from 'react'
import { TextField } from './TextField'

export type CodeFieldProps = {
  id: string
  label: ReactNode
  value: string
  /** Called with the digits typed or pasted (anything else is dropped). */
  onChange: (digits: string) => void
  invalid?: boolean | undefined
  autoFocus?: boolean | undefined
}

/**
 * The field for a one-time code (sign-in, linking, two-factor): digits only, the phone's numeric
 * keyboard, and the browser's offer to fill the code from a text message.
 *
 * @example
 * <CodeField id={`${id}-code`} label="Code from the text message" value={code} onChange={setCode} />
 */
export function CodeField({ id, label, value, onChange, invalid, autoFocus }: CodeFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      className="input input--code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      aria-invalid={invalid ? true : undefined}
      // Focused only where the code is the one thing left to do.
      autoFocus={autoFocus}
    />
  )
}
