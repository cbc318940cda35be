/**
 * The recipient address field with its error, as both send forms (EVM and Solana) draw it.
 *
 * @example
 * <RecipientField id={id} value={values.to} error={errors.to} placeholder="0x…" onChange={(to) => set({ to })} />
 */
export function RecipientField({
  id,
  value,
  error,
  placeholder,
  onChange,
}: {
  id: string
  value: string
  error: string | undefined
  placeholder: string
  onChange: (value: string) => void
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-to`}>
        Recipient address
      </label>
      <input
        id={`${id}-to`}
        className="input mono"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-to-error` : undefined}
      />
      {error ? (
        <p className="field__error" id={`${id}-to-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
