import type { ComponentProps, ReactNode } from 'react'

export type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'aria-describedby'> & {
  id: string
  label: ReactNode
  /** Said under the field, and read with it. */
  hint?: ReactNode
  /** Why the value is refused, under the field; the field is marked invalid while there is one. */
  error?: ReactNode
}

/**
 * A labelled text field with its hint or its error under it, tied to the input so a screen reader
 * reads them together: the one shape of every labelled field (`CodeField` is one).
 *
 * @example
 * <TextField id={id} label="Email address" type="email" value={email} onChange={(event) => setEmail(event.target.value)} error={invalid && 'Enter an email address'} />
 */
export function TextField({ id, label, hint, error, className = 'input', ...input }: TextFieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={className}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}
