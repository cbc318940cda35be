import { describe, expect, it } from 'vitest'
import { isServiceOutage } from './isServiceOutage'

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })

describe('isServiceOutage', () => {
  it('knows a PostgreSQL restart, a refused connection and a Redis that went away, also as a cause', () => {
    expect(isServiceOutage(withCode('terminating connection due to administrator command', '57P01'))).toBe(
      true,
    )
    expect(isServiceOutage(withCode('the database system is starting up', '57P03'))).toBe(true)
    expect(isServiceOutage(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true)
    expect(isServiceOutage(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isServiceOutage(new Error('wrapped', { cause: new Error('Connection is closed.') }))).toBe(true)
  })

  it('leaves a bug or a refused statement alone', () => {
    expect(isServiceOutage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false)
    expect(isServiceOutage(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false)
    expect(isServiceOutage(withCode('syntax error at or near "selec"', '42601'))).toBe(false)
    expect(isServiceOutage(undefined)).toBe(false)
  })
})
