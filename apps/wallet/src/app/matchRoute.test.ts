import { describe, expect, it } from 'vitest'
import { matchRoute } from './matchRoute'

const routes = [{ path: '/' }, { path: '/send' }, { path: '/settings' }]

describe('matchRoute', () => {
  it('opens the screen a person typed, with or without a trailing slash', () => {
    expect(matchRoute(routes, '/')).toEqual({ path: '/' })
    expect(matchRoute(routes, '/send')).toEqual({ path: '/send' })
    expect(matchRoute(routes, '/send/')).toEqual({ path: '/send' })
  })

  it('does not pass an unknown path off as another screen', () => {
    expect(matchRoute(routes, '/sendx')).toBeUndefined()
    expect(matchRoute(routes, '/settings/danger')).toBeUndefined()
  })
})
