/**
 * The requests a connected app may send, per CAIP-2 namespace: what the embedded wallets sign through
 * the server's wallet RPC. `eth_sign` (signing a raw hash) is left out on purpose: the server refuses
 * it, as it can sign anything. The Solana methods are WalletConnect's Solana JSON-RPC: a base58
 * message, a base64 wire transaction.
 */
export const supportedMethods = {
  eip155: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'eth_signTransaction'],
  solana: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
} as const

/** A namespace whose requests this wallet answers. */
export type SupportedNamespace = keyof typeof supportedMethods
export type SupportedMethod = (typeof supportedMethods)[SupportedNamespace][number]

/** The events the wallet may emit to a connected app (in either namespace). */
export const supportedEvents = ['chainChanged', 'accountsChanged'] as const

/**
 * Whether a connected app may ask for `method` here: in `namespace` when one is named (a Solana
 * method on an EVM chain is not), in any otherwise.
 *
 * @example
 * isSupportedMethod('solana_signMessage', 'eip155') // false
 */
export function isSupportedMethod(method: string, namespace?: string): method is SupportedMethod {
  return Object.entries(supportedMethods).some(
    ([name, methods]) =>
      (namespace === undefined || namespace === name) && methods.some((supported) => supported === method),
  )
}
