/**
 * The requests a connected app may send: what the embedded wallet signs through the server's wallet RPC.
 * `eth_sign` (signing a raw hash) is left out on purpose: the server refuses it, as it can sign anything.
 */
export const supportedMethods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
] as const

export type SupportedMethod = (typeof supportedMethods)[number]

/** The events the wallet may emit to a connected app. */
export const supportedEvents = ['chainChanged', 'accountsChanged'] as const

/** Whether a connected app may ask for `method` here. */
export function isSupportedMethod(method: string): method is SupportedMethod {
  return supportedMethods.some((name) => name === method)
}
