import { CLICK_OUTSIDE_TOUCH_THRESHOLD_PX } from '@satchel/core'
import { describe, expect, it } from 'vitest'
import { isTap } from './isTap'

describe('isTap (click-outside on touch screens)', () => {
  it('closes a menu on a tap that moved up to 30 px', () => {
    expect(CLICK_OUTSIDE_TOUCH_THRESHOLD_PX).toBe(30)
    expect(isTap({ x: 100, y: 100 }, { x: 100, y: 100 })).toBe(true)
    expect(isTap({ x: 100, y: 100 }, { x: 118, y: 124 })).toBe(true) // exactly 30 px
  })

  it('keeps the menu open when the finger scrolled the page (more than 30 px)', () => {
    expect(isTap({ x: 100, y: 100 }, { x: 100, y: 131 })).toBe(false)
    expect(isTap({ x: 100, y: 100 }, { x: 122, y: 122 })).toBe(false) // 31.1 px diagonally
  })
})
