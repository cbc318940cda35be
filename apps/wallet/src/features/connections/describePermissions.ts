/** What each group of WalletConnect methods lets an app do, in words. */
const groups: ReadonlyArray<{ words: string; methods: readonly string[] }> = [
  {
    words: 'ask for signatures',
    methods: [
      'personal_sign',
      'eth_sign',
      'eth_signTypedData',
      'eth_signTypedData_v3',
      'eth_signTypedData_v4',
      'solana_signMessage',
    ],
  },
  {
    words: 'ask for transactions',
    methods: [
      'eth_sendTransaction',
      'eth_signTransaction',
      'eth_sendRawTransaction',
      'solana_signTransaction',
      'solana_signAndSendTransaction',
    ],
  },
  {
    words: 'ask to switch or add networks',
    methods: ['wallet_switchEthereumChain', 'wallet_addEthereumChain'],
  },
  { words: 'ask to watch tokens', methods: ['wallet_watchAsset'] },
]

/**
 * What an app may do once connected, as one sentence instead of method names: "See your address, ask
 * for signatures and transactions on Base". Methods it names that fit no group are listed by name at
 * the end, so nothing it asks for is hidden.
 *
 * @example
 * describePermissions(['personal_sign', 'eth_sendTransaction'], ['Base'])
 * // 'See your address, ask for signatures and transactions on Base'
 */
export function describePermissions(methods: readonly string[], networks: readonly string[]): string {
  const asks = groups.filter((group) => group.methods.some((method) => methods.includes(method)))
  const known = new Set(groups.flatMap((group) => group.methods))
  const other = methods.filter((method) => !known.has(method))
  // "ask for signatures and transactions" reads better than two "ask for"s.
  const phrases = asks.map((group) => group.words)
  const merged =
    phrases.includes('ask for signatures') && phrases.includes('ask for transactions')
      ? [
          'ask for signatures and transactions',
          ...phrases.filter((p) => p !== 'ask for signatures' && p !== 'ask for transactions'),
        ]
      : phrases
  const parts = [
    'See your address',
    ...merged,
    ...(other.length > 0 ? [`make other requests (${other.join(', ')})`] : []),
  ]
  const where = networks.length > 0 ? ` on ${joinWords(networks)}` : ''
  return `${joinWords(parts)}${where}`
}

function joinWords(words: readonly string[]): string {
  if (words.length <= 2) return words.join(' and ')
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}
