import { describe, expect, it } from 'vitest'
import { getOperatorAccess } from './getOperatorAccess'

describe('getOperatorAccess (what a screen offers the signed-in operator)', () => {
  it('offers an owner and an admin the controls, and a viewer only the reading', () => {
    expect(getOperatorAccess({ status: 'success', role: 'owner' })).toBe('change')
    expect(getOperatorAccess({ status: 'success', role: 'admin' })).toBe('change')
    expect(getOperatorAccess({ status: 'success', role: 'viewer' })).toBe('read')
  })

  it('offers no control while the role is being read, so none appears and then goes', () => {
    expect(getOperatorAccess({ status: 'pending', role: undefined })).toBe('unknown')
  })

  it('offers the controls when the role cannot be read, so an outage of /me locks no admin out', () => {
    expect(getOperatorAccess({ status: 'error', role: undefined })).toBe('change')
  })

  it('keeps to the role last read when a later read fails or runs', () => {
    expect(getOperatorAccess({ status: 'error', role: 'viewer' })).toBe('read')
    expect(getOperatorAccess({ status: 'pending', role: 'viewer' })).toBe('read')
    expect(getOperatorAccess({ status: 'error', role: 'admin' })).toBe('change')
  })
})
