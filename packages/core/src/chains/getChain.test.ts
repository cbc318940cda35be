import { describe, expect, test } from 'vitest'
import { BaseError } from '../errors/BaseError'
import { getChain, UnknownChainError } from './getChain'

describe('getChain', () => {
  test('returns the chain with the id', () => {
    expect(getChain(8453).name).toBe('Base')
    expect(getChain(999999999).name).toBe('Zora Sepolia')
    expect(getChain(31337).name).toBe('Satchel Devnet')
  })

  test('throws UnknownChainError naming an unknown id', () => {
    let caught: unknown
    try {
      getChain(5)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(UnknownChainError)
    expect(caught).toBeInstanceOf(BaseError)
    expect(caught).toMatchObject({
      name: 'UnknownChainError',
      chainId: 5,
      shortMessage: 'Unknown chain id: 5',
    })
  })

  test('renders the known ids in the details', () => {
    expect(() => getChain(-1)).toThrowErrorMatchingInlineSnapshot(`
      [UnknownChainError: Unknown chain id: -1

      Details: Known chain ids: 1, 10, 42161, 8453, 137, 43114, 42220, 59144, 314, 42, 690, 11155111, 17000, 84532, 44787, 59140, 314159, 80085, 17069, 999999999, 31337, 31338.]
    `)
  })

  test('does not coerce: a string id is unknown', () => {
    // @ts-expect-error a chain id from JSON may arrive as a string; it must not match by accident
    expect(() => getChain('1')).toThrow(UnknownChainError)
  })
})
