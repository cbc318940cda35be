import { describe, expect, it } from 'vitest'
import { devUserLimitOf } from './devUserLimitOf'

describe('devUserLimitOf (how many users a development app may sign up)', () => {
  it("is the app's own limit, else the server's DEV_USER_LIMIT", () => {
    expect(devUserLimitOf({ mode: 'development', devUserLimit: 5 }, { devUserLimit: 150 })).toBe(5)
    expect(devUserLimitOf({ mode: 'development', devUserLimit: null }, { devUserLimit: 150 })).toBe(150)
  })

  it('is no cap on a server with DEV_USER_LIMIT=0, unless the app set one of its own', () => {
    expect(devUserLimitOf({ mode: 'development', devUserLimit: null }, { devUserLimit: 0 })).toBeUndefined()
    expect(devUserLimitOf({ mode: 'development', devUserLimit: 3 }, { devUserLimit: 0 })).toBe(3)
  })

  it('never caps a production app', () => {
    expect(devUserLimitOf({ mode: 'production', devUserLimit: 1 }, { devUserLimit: 150 })).toBeUndefined()
  })
})
