import { describe, expect, it } from 'vitest'
import { getAppDomain } from './getAppDomain'

describe('getAppDomain', () => {
  it('is the host (with its port) of the URL the app declares', () => {
    expect(getAppDomain({ url: 'https://app.uniswap.org/swap?x=1' })).toBe('app.uniswap.org')
    expect(getAppDomain({ url: 'http://127.0.0.1:5173/' })).toBe('127.0.0.1:5173')
  })

  it('is undefined when the app gave no usable URL, never the wallet’s own host', () => {
    expect(getAppDomain({ url: '' })).toBeUndefined()
    expect(getAppDomain(undefined)).toBeUndefined()
    expect(getAppDomain({ url: 'not a url' })).toBeUndefined()
  })
})
