import { getChain } from '@satchel/core'

/**
 * A CAIP-2 chain id in words: the chain's name when Satchel knows it (`eip155:8453` is `Base`), the id
 * itself otherwise.
 *
 * @example
 * describeChain('eip155:1') // 'Ethereum'
 */
export function describeChain(caip2: string): string {
  const match = /^eip155:([1-9][0-9]{0,15})$/.exec(caip2)
  if (!match) return caip2
  try {
    return getChain(Number(match[1])).name
  } catch {
    return `Chain ${match[1]}`
  }
}
