import { describe, expect, it } from 'vitest'
import { type FundingStatus, foldFundingStatus, toPublicFundingStatus } from './foldFundingStatus'

const fold = (events: FundingStatus[]) => events.reduce(foldFundingStatus, 'pending' as FundingStatus)

describe('foldFundingStatus', () => {
  it('moves forward through pending, processing and an end state', () => {
    expect(fold(['processing'])).toBe('processing')
    expect(fold(['processing', 'success'])).toBe('success')
    expect(fold(['pending', 'processing', 'failure'])).toBe('failure')
  })

  it('ignores late and duplicated events', () => {
    expect(fold(['success', 'pending', 'processing', 'success'])).toBe('success')
    expect(fold(['processing', 'pending'])).toBe('processing')
  })

  it('keeps the first end state reached', () => {
    expect(fold(['failure', 'success'])).toBe('failure')
    expect(fold(['success', 'failure'])).toBe('success')
  })

  it('gives the same answer for every order of the same events', () => {
    const events: FundingStatus[] = ['pending', 'processing', 'success', 'processing', 'pending']
    const orders: FundingStatus[][] = [events, [...events].reverse(), ['success', ...events]]
    for (const order of orders) expect(fold(order)).toBe('success')
  })

  it('answers processing as pending', () => {
    expect(toPublicFundingStatus('processing')).toBe('pending')
    expect(toPublicFundingStatus('success')).toBe('success')
  })
})
