import { type CSSProperties, type ReactNode, useEffect, useId, useRef } from 'react'
import { createPortal } from 'react-dom'

const focusable =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])'

export type DialogProps = {
  title: ReactNode
  onClose: () => void
  /** CSS variables and other styles for the dialog's root (the theme). */
  style?: CSSProperties | undefined
  className?: string | undefined
  children: ReactNode
}

/**
 * A modal dialog in a portal: labelled by its title, focus moved inside and kept there (Tab and
 * Shift+Tab wrap), Escape or a click on the backdrop closes it, and focus goes back to where it was.
 *
 * @example
 * <Dialog title="Log in" onClose={close}>…</Dialog>
 */
export function Dialog({ title, onClose, style, className, children }: DialogProps) {
  const titleId = useId()
  const backdrop = useRef<HTMLDivElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const root = panel.current
    const outside = backdrop.current
    // The first field if the content has one already, else the panel itself (it is focusable).
    ;(root?.querySelector<HTMLElement>('input') ?? root)?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        close.current()
        return
      }
      if (event.key !== 'Tab' || !root) return
      const items = Array.from(root.querySelectorAll<HTMLElement>(focusable))
      const [head, tail] = [items[0], items[items.length - 1]]
      if (!head || !tail) return event.preventDefault()
      const active = document.activeElement
      if (event.shiftKey && (active === head || !root.contains(active))) {
        event.preventDefault()
        tail.focus()
      } else if (!event.shiftKey && (active === tail || !root.contains(active))) {
        event.preventDefault()
        head.focus()
      }
    }
    // A press outside the panel closes it (keyboard users have Escape and the close button).
    const onMouseDown = (event: MouseEvent) => {
      if (event.target === outside) close.current()
    }
    document.addEventListener('keydown', onKeyDown, true)
    outside?.addEventListener('mousedown', onMouseDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown, true)
      outside?.removeEventListener('mousedown', onMouseDown)
      previous?.focus()
    }
  }, [])

  return createPortal(
    <div ref={backdrop} className={`satchel-backdrop ${className ?? ''}`} style={style}>
      <div
        ref={panel}
        className="satchel-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="satchel-dialog__header">
          <h2 id={titleId} className="satchel-dialog__title">
            {title}
          </h2>
          <button type="button" className="satchel-dialog__close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  )
}
