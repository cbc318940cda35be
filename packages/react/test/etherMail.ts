/**
 * EIP-712's own example message ("Ether Mail") on the local chain 31337: the typed data the Node tests
 * sign through each wallet path and verify with viem.
 */
export const etherMail = {
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 31337,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Ada', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    contents: 'Hello, Bob!',
  },
} as const
