import { type ReactNode, useEffect, useId, useRef } from 'react'

/**
 * Asks before a destructive action (unlinking a way in, logging out everywhere, removing the recovery
 * passcode): what will happen in words, the action, and Cancel. Focus moves to the question, so a
 * keyboard or screen-reader user meets it first.
 *
 * @example
 * <ConfirmAction title="Unlink ada@example.com?" confirmLabel="Unlink" onConfirm={unlink} onCancel={close}>
 *   You will no longer be able to sign in with it.
 * </ConfirmAction>
 */
export function ConfirmAction({
  title,
  confirmLabel,
  onConfirm,
  onCancel,
  children,
}: {
  title: string
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
  children: ReactNode
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  const id = useId()
  useEffect(() => heading.current?.focus(), [])
  return (
    <div
      className="confirm-action"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
    >
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h3>
      <p id={`${id}-body`}>{children}</p>
      <div className="actions">
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  )
}
