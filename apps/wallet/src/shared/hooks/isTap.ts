import { CLICK_OUTSIDE_TOUCH_THRESHOLD_PX } from '@satchel/core'

export type Point = { x: number; y: number }

/**
 * Whether a touch that started at `start` and ended at `end` is a tap (which closes a menu when it
 * lands outside) rather than a scroll: it moved no further than the spec's 30 px threshold.
 *
 * @example
 * isTap({ x: 10, y: 10 }, { x: 10, y: 35 }) // true (25 px)
 * isTap({ x: 10, y: 10 }, { x: 10, y: 60 }) // false: a scroll must not close the menu
 */
export function isTap(start: Point, end: Point, threshold = CLICK_OUTSIDE_TOUCH_THRESHOLD_PX): boolean {
  return Math.hypot(end.x - start.x, end.y - start.y) <= threshold
}
