import { Field } from './Field'

export type TextFieldProps = {
  label: string
  value: string
  onChange: (value: string) => void
  problem?: string | undefined
  hint?: string | undefined
  /** A text area of this many rows instead of a one-line input. */
  rows?: number | undefined
  type?: 'text' | 'url' | undefined
  placeholder?: string | undefined
  /** Classes besides `input` (`mono` for code). */
  className?: string | undefined
}

/**
 * A {@link Field} holding a text input (or a text area, given `rows`) bound to a string, the form
 * control most console forms are made of.
 *
 * @example
 * <TextField label="Name" value={name} onChange={setName} />
 */
export function TextField({
  label,
  value,
  onChange,
  problem,
  hint,
  rows,
  type,
  placeholder,
  className,
}: TextFieldProps) {
  const control = { className: className ? `input ${className}` : 'input', value, placeholder }
  return (
    <Field label={label} problem={problem} hint={hint}>
      {(props) =>
        rows ? (
          <textarea {...props} {...control} rows={rows} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <input {...props} {...control} type={type} onChange={(event) => onChange(event.target.value)} />
        )
      }
    </Field>
  )
}
