import type { Hex, TransactionSerializable, TypedDataDefinition } from 'viem'

/** The chains whose keys the vault derives. */
export type ChainType = 'ethereum' | 'solana'

/**
 * What the API stores for one root and hands back on every request. `sealedVaultShare` is sealed
 * under the vault's key-encryption key (associated data: `rootId`); `authShare` is the plain auth
 * share, which the API keeps sealed under its own key and opens just before calling the vault.
 */
export type KeyShares = {
  rootId: string
  sealedVaultShare: Uint8Array
  authShare: Uint8Array
}

/** EIP-712 typed data as a client sends it (types are checked by viem when hashed). */
export type VaultTypedData = TypedDataDefinition<Record<string, unknown>, string>

/** One signature request; the vault computes the digest itself, so what it signs is what was asked. */
export type SignRequest =
  /** EIP-191 `personal_sign` over the raw message bytes. */
  | { method: 'personal_sign'; message: Uint8Array }
  /** EIP-712, hashed with viem's `hashTypedData`. */
  | { method: 'eth_signTypedData_v4'; typedData: VaultTypedData }
  /** A legacy, EIP-2930 or EIP-1559 transaction; other types are refused. */
  | { method: 'eth_signTransaction'; transaction: TransactionSerializable }
  /** A raw 32-byte digest, signed as is. */
  | { method: 'secp256k1_sign'; hash: Hex }
  /** Ed25519 over the bytes (a Solana message, or a transaction's message bytes). */
  | { method: 'solana_signMessage'; message: Uint8Array }

export type SignMethod = SignRequest['method']

/**
 * The answer to a {@link SignRequest}, tagged with its method.
 * EVM signatures are 65-byte `r || s || v` hex with `v` = 27 or 28 (what viem's `signMessage`
 * returns); a signed transaction is the serialized, signed RLP hex (with its own signature
 * encoding inside); a Solana signature is the raw 64-byte ed25519 signature.
 */
export type SignResult =
  | { method: 'personal_sign' | 'eth_signTypedData_v4' | 'secp256k1_sign'; signature: Hex }
  | { method: 'eth_signTransaction'; signedTransaction: Hex }
  | { method: 'solana_signMessage'; signature: Uint8Array }

export type CreateRootParameters = { rootId: string }
export type CreateRootReturnType = { sealedVaultShare: Uint8Array; authShare: Uint8Array }

export type AccountParameters = KeyShares & { chainType: ChainType; index: number }
export type GetAccountParameters = AccountParameters
/**
 * `address`: EIP-55 checksummed `0x...` for EVM, base58 public key for Solana.
 * `publicKey`: the uncompressed secp256k1 key (`0x04...`, 65 bytes) for EVM, the 32-byte ed25519
 * key for Solana.
 */
export type GetAccountReturnType = { address: string; publicKey: Hex }

export type SignParameters = AccountParameters & { request: SignRequest }
export type SignReturnType = SignResult

export type ExportParameters = AccountParameters & {
  /** The seed phrase (chainType and index then only pick nothing) or the account's private key. */
  what: 'mnemonic' | 'private_key'
  /** A P-256 public JWK the client made for this export only (a WebCrypto `JsonWebKey` fits). */
  recipientPublicKey: RecipientPublicJwk
}

/** The JWK members the vault reads; `d` is listed so that a private JWK can be refused. */
export type RecipientPublicJwk = {
  kty?: string | undefined
  crv?: string | undefined
  x?: string | undefined
  y?: string | undefined
  d?: string | undefined
}
/**
 * A compact JWE (alg ECDH-ES, enc A256GCM) whose plaintext is the mnemonic, or the private key:
 * `0x` + 64 hex for EVM, base58 of the 64-byte secret key (seed || public key) for Solana, the
 * format Solana wallets import.
 */
export type ExportReturnType = { ciphertext: string }

/** The vault's narrow API: the only code that ever holds key material. */
export interface Vault {
  createRoot(input: CreateRootParameters): Promise<CreateRootReturnType>
  getAccount(input: GetAccountParameters): Promise<GetAccountReturnType>
  sign(input: SignParameters): Promise<SignReturnType>
  export(input: ExportParameters): Promise<ExportReturnType>
  /** Resolves when the vault answers (readiness): always for the in-process vault. */
  ping(): Promise<void>
}
