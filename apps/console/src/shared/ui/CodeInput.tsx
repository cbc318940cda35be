import { Field } from './Field'

/**
 * The field for a code sent by email (sign-in, "confirm it's you"): digits, filled by the browser
 * from the message where it can.
 *
 * @example
 * <CodeInput label="Code from your email" value={code} onChange={setCode} />
 */
export function CodeInput({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <Field label={label}>
      {(props) => (
        <input
          {...props}
          className="input"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  )
}
