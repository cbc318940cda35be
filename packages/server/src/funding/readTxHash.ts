/**
 * A provider's transaction hash if it is one: an EVM hash (0x + 64 hex) or a Solana signature
 * (base58). Providers report "0x" or "" before the transaction is broadcast; those are no hash.
 *
 * @example
 * readTxHash('0x') // undefined
 * readTxHash(`0x${'ab'.repeat(32)}`) // '0xabab...'
 */
export function readTxHash(hash: string | undefined | null): string | undefined {
  return hash && /^0x[0-9a-fA-F]{64}$|^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(hash) ? hash : undefined
}
