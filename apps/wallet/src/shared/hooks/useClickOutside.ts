import { type RefObject, useEffect, useRef } from 'react'
import { isTap, type Point } from './isTap'

/**
 * Calls `onOutside` when the user clicks, taps or presses Escape outside `ref` while `active`. A touch
 * that moves more than 30 px is a scroll and closes nothing.
 *
 * @example
 * useClickOutside(menuRef, () => setOpen(false), open)
 */
export function useClickOutside(
  ref: RefObject<HTMLElement | null>,
  onOutside: () => void,
  active = true,
): void {
  const callback = useRef(onOutside)
  useEffect(() => {
    callback.current = onOutside
  })
  useEffect(() => {
    if (!active) return
    let touchStart: Point | undefined
    let touchedAt = 0
    const outside = (target: EventTarget | null) =>
      target instanceof Node && ref.current !== null && !ref.current.contains(target)
    const onMouseDown = (event: MouseEvent) => {
      // The mousedown a browser fires after a touch: the touch itself was already judged on touchend.
      if (Date.now() - touchedAt < 1000) return
      if (outside(event.target)) callback.current()
    }
    const onTouchStart = (event: TouchEvent) => {
      const touch = event.touches[0]
      touchStart = touch ? { x: touch.clientX, y: touch.clientY } : undefined
    }
    const onTouchEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0]
      touchedAt = Date.now()
      if (
        touchStart &&
        touch &&
        isTap(touchStart, { x: touch.clientX, y: touch.clientY }) &&
        outside(event.target)
      )
        callback.current()
      touchStart = undefined
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') callback.current()
    }
    document.addEventListener('mousedown', onMouseDown)
    document.addEventListener('touchstart', onTouchStart, { passive: true })
    document.addEventListener('touchend', onTouchEnd)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('mousedown', onMouseDown)
      document.removeEventListener('touchstart', onTouchStart)
      document.removeEventListener('touchend', onTouchEnd)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [ref, active])
}
