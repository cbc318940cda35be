import { errors } from 'jose'
import { describe, expect, it } from 'vitest'
import { decodeToken } from './decodeToken'

const base64url = (text: string) => Buffer.from(text).toString('base64url')
const header = base64url('{"alg":"ES256","typ":"JWT"}')
const claims = {
  sid: 'ses_1',
  sub: 'usr_1',
  iss: 'satchel.dev',
  aud: 'app_1',
  iat: 1_700_000_000,
  exp: 1_700_003_600,
}
const token = (payload: string) => `${header}.${payload}.c2lnbmF0dXJl`

describe('decodeToken', () => {
  it('returns the claims of a compact JWS without verifying it', () => {
    expect(decodeToken(token(base64url(JSON.stringify(claims))))).toEqual(claims)
  })

  it.each([
    ['a number', 42, 'JWTs must use Compact JWS serialization, JWT must be a string'],
    ['undefined', undefined, 'JWTs must use Compact JWS serialization, JWT must be a string'],
    ['an object', { token: 'a.b.c' }, 'JWTs must use Compact JWS serialization, JWT must be a string'],
    ['five parts (a JWE)', 'a.b.c.d.e', 'Only JWTs using Compact JWS serialization can be decoded'],
    ['one part', 'abc', 'Invalid JWT'],
    ['two parts', 'a.b', 'Invalid JWT'],
    ['four parts', 'a.b.c.d', 'Invalid JWT'],
    ['six parts', 'a.b.c.d.e.f', 'Invalid JWT'],
    ['an empty string', '', 'Invalid JWT'],
    ['an empty payload', token(''), 'JWTs must contain a payload'],
    ['a payload that is not base64url', token('e30*'), 'Failed to base64url decode the payload'],
    [
      'a payload that is not JSON',
      token(base64url('{"sub": usr_1}')),
      'Failed to parse the decoded payload as JSON',
    ],
    [
      'a payload that is not UTF-8',
      token(Buffer.from([0xff, 0xfe]).toString('base64url')),
      'Failed to parse the decoded payload as JSON',
    ],
    ['a JSON array', token(base64url('[1,2]')), 'Invalid JWT Claims Set'],
    ['a JSON string', token(base64url('"usr_1"')), 'Invalid JWT Claims Set'],
    ['JSON null', token(base64url('null')), 'Invalid JWT Claims Set'],
  ])('rejects %s with the spec message', (_, input, message) => {
    let thrown: unknown
    try {
      decodeToken(input)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(errors.JWTInvalid)
    expect(thrown).toHaveProperty('message', message)
    expect(thrown).toHaveProperty('code', 'ERR_JWT_INVALID')
  })
})
