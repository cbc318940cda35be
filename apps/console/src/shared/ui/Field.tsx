import { type ReactNode, useId } from 'react'

/**
 * A labelled form control with its problem under it, tied to it for screen readers. `children` is
 * called with the control's id and its ARIA attributes.
 *
 * @example
 * <Field label="Name" problem={problems.name}>{(props) => <input {...props} />}</Field>
 */
export function Field({
  label,
  problem,
  hint,
  children,
}: {
  label: string
  problem?: string | undefined
  hint?: string | undefined
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby': string }) => ReactNode
}) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(problem ? { 'aria-invalid': true as const } : {}),
        'aria-describedby': `${id}-note`,
      })}
      <p id={`${id}-note`} className={problem ? 'field__error' : 'field__hint'} aria-live="polite">
        {problem ?? hint ?? ''}
      </p>
    </div>
  )
}
