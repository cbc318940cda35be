import { describe, expect, it } from 'vitest'
import { matchRoute, ROUTES, resolveRoute } from './routes'

describe('the console navigation', () => {
  it('lists operators as a console-wide screen and app secrets as a screen about the chosen app', () => {
    expect(matchRoute('/operators')).toMatchObject({ label: 'Operators', needsApp: false })
    expect(matchRoute('/secrets')).toMatchObject({ label: 'App secrets', needsApp: true })
  })

  it('keeps the console-wide screens first, before those about one app', () => {
    const firstAppScreen = ROUTES.findIndex((route) => route.needsApp)
    expect(ROUTES.slice(firstAppScreen).every((route) => route.needsApp)).toBe(true)
    expect(ROUTES.map((route) => route.label)).toMatchInlineSnapshot(`
      [
        "Apps",
        "Operators",
        "Users",
        "Settings",
        "App secrets",
        "Policies",
        "Webhooks",
        "Analytics",
        "Audit log",
      ]
    `)
  })

  it('opens Users for a path it does not know, whatever the order of the screens', () => {
    expect(resolveRoute('/nowhere')?.label).toBe('Users')
    expect(resolveRoute('/users/usr_1')?.label).toBe('Users')
  })
})
