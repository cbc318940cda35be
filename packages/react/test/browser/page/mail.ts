/** EIP-712 typed data the page signs and the tests verify with viem. */
export const mail = {
  domain: { name: 'Satchel Test', version: '1', chainId: 1 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'Hello from the browser' },
} as const
