import { describe, expect, it } from 'vitest'
import { describePermissions } from './describePermissions'

describe('describePermissions', () => {
  it('says in words what the methods allow, and where', () => {
    expect(
      describePermissions(['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4'], ['Base']),
    ).toBe('See your address and ask for signatures and transactions on Base')
    expect(describePermissions([], ['Ethereum', 'Base'])).toBe('See your address on Ethereum and Base')
    expect(describePermissions(['personal_sign', 'wallet_switchEthereumChain'], ['Base'])).toBe(
      'See your address, ask for signatures and ask to switch or add networks on Base',
    )
  })

  it('names a method it has no words for rather than hiding it', () => {
    expect(describePermissions(['eth_sign', 'eth_getEncryptionPublicKey'], ['Ethereum'])).toBe(
      'See your address, ask for signatures and make other requests (eth_getEncryptionPublicKey) on Ethereum',
    )
  })
})
