import { describe, expect, it } from 'vitest'
import { maskPhone } from './maskPhone'

describe('maskPhone', () => {
  it('shows only the last 4 characters', () => {
    expect(maskPhone('+12133734253')).toBe('••••••••4253')
  })

  it('keeps spaces so the number keeps its shape', () => {
    expect(maskPhone('+1 213 373 4253')).toBe('•• ••• ••• 4253')
  })

  it('keeps the last 4 characters even when they include a space or punctuation', () => {
    expect(maskPhone('(213) 373-4253')).toBe('••••• ••••4253')
    expect(maskPhone('+44 7911 123 456')).toBe('••• •••• ••• 456')
  })

  it('returns 4 characters or fewer as they are', () => {
    expect(maskPhone('4253')).toBe('4253')
    expect(maskPhone('253')).toBe('253')
    expect(maskPhone('')).toBe('')
  })
})
