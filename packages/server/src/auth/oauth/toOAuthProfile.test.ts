import { describe, expect, it } from 'vitest'
import { toOAuthProfile } from './toOAuthProfile'

describe('toOAuthProfile', () => {
  it("reads each provider's own shape", () => {
    expect(
      toOAuthProfile({ sub: '1084', email: 'ada@example.com', name: 'Ada', preferred_username: 'ada' }),
    ).toEqual({ subject: '1084', email: 'ada@example.com', name: 'Ada', username: 'ada' })
    // GitHub: a numeric id, `login`, and a null email when it is private.
    expect(toOAuthProfile({ id: 583231, login: 'octocat', name: 'The Octocat', email: null })).toEqual({
      subject: '583231',
      email: null,
      name: 'The Octocat',
      username: 'octocat',
    })
    // Discord: `global_name` is the display name.
    expect(
      toOAuthProfile({
        id: '80351110224678912',
        username: 'nelly',
        global_name: 'Nelly',
        email: 'n@example.com',
      }),
    ).toEqual({ subject: '80351110224678912', email: 'n@example.com', name: 'Nelly', username: 'nelly' })
    // X wraps the user in `data`.
    expect(toOAuthProfile({ data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers' } })).toEqual({
      subject: '2244994945',
      email: null,
      name: 'X Dev',
      username: 'XDevelopers',
    })
  })

  it('has no profile without a subject, and drops display fields of the wrong type', () => {
    expect(toOAuthProfile({ email: 'nobody@example.com' })).toBeUndefined()
    expect(toOAuthProfile('not an object')).toBeUndefined()
    expect(toOAuthProfile({ sub: 'u', name: 42, email: ['a'] })).toEqual({
      subject: 'u',
      email: null,
      name: null,
      username: null,
    })
  })
})
