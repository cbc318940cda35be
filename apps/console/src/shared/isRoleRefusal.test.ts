import { ApiError } from '@satchel/core'
import { describe, expect, it } from 'vitest'
import { describeError } from './describeError'
import { isRoleRefusal } from './isRoleRefusal'

describe('isRoleRefusal (when a screen stops offering what the operator may not do)', () => {
  it('is true only for the server refusing the operator for their role, and keeps its sentence', () => {
    const viewer = new ApiError('operator_role_required', {
      message: 'A viewer of the console can only read: ask an owner or admin to make this change',
    })
    expect(isRoleRefusal(viewer)).toBe(true)
    expect(describeError(viewer)).toBe(
      'A viewer of the console can only read: ask an owner or admin to make this change',
    )
    expect(isRoleRefusal(new ApiError('last_full_app_secret'))).toBe(false)
    expect(isRoleRefusal(new Error('Cancelled: nothing was changed.'))).toBe(false)
  })

  it('shows the server’s refusal to delete the last full-access secret word for word', () => {
    expect(describeError(new ApiError('last_full_app_secret'))).toBe(
      "The app's last full-access secret cannot be deleted: create another one first",
    )
  })
})
