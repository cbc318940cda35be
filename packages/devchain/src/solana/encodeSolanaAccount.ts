import { type EncodedAccount, getBase58Decoder, isSome, type Option } from '@solana/kit'
import { getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { SolanaRpcError } from './SolanaRpcError'

export type AccountEncoding = 'base58' | 'base64' | 'jsonParsed'

export type EncodeSolanaAccountParameters = {
  account: EncodedAccount
  encoding: AccountEncoding
  dataSlice?: { offset: number; length: number } | undefined
  /** The decimals of a mint, to write a token account's `uiAmount`. */
  getDecimals: (mint: string) => number
}

// Every account the runtime rent-exempts carries this rent epoch (u64::MAX) in Agave's answers.
const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n
const TOKEN_ACCOUNT_SIZE = 165
const MINT_SIZE = 82
// Agave refuses base58 for larger data: base58 is quadratic.
const MAX_BASE58_BYTES = 128

/**
 * An account as Solana's RPC answers it: `{data, executable, lamports, owner, rentEpoch, space}`,
 * data as `[text, encoding]`, or for SPL token accounts and mints under `jsonParsed` the parsed
 * `{program: 'spl-token', parsed: {type, info}, space}` (other accounts fall back to base64, as Agave does).
 *
 * @throws {SolanaRpcError} -32600 for base58 over 128 bytes.
 * @example
 * encodeSolanaAccount({ account, encoding: 'base64', getDecimals }) // { data: ['AQID', 'base64'], ... }
 */
export function encodeSolanaAccount(parameters: EncodeSolanaAccountParameters): Record<string, unknown> {
  const { account, encoding, dataSlice, getDecimals } = parameters
  const common = {
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: Number(account.space),
  }
  if (encoding === 'jsonParsed') {
    const parsed = parseTokenAccount(account, getDecimals)
    if (parsed) return { ...common, data: { program: 'spl-token', parsed, space: Number(account.space) } }
  }
  const bytes = dataSlice
    ? account.data.slice(dataSlice.offset, dataSlice.offset + dataSlice.length)
    : account.data
  if (encoding === 'base58') {
    if (bytes.length > MAX_BASE58_BYTES)
      throw new SolanaRpcError(
        -32600,
        'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
      )
    return { ...common, data: [getBase58Decoder().decode(bytes), 'base58'] }
  }
  return { ...common, data: [Buffer.from(bytes).toString('base64'), 'base64'] }
}

/** `{amount, decimals, uiAmount, uiAmountString}`, as the RPC writes token amounts. */
export function formatTokenAmount(amount: bigint, decimals: number): Record<string, unknown> {
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction === '' ? whole : `${whole}.${fraction}`
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

function parseTokenAccount(
  account: EncodedAccount,
  getDecimals: (mint: string) => number,
): Record<string, unknown> | undefined {
  if (account.programAddress !== TOKEN_PROGRAM_ADDRESS) return undefined
  if (account.data.length === TOKEN_ACCOUNT_SIZE) {
    const token = getTokenDecoder().decode(account.data)
    const state = ['uninitialized', 'initialized', 'frozen'][token.state] ?? 'initialized'
    const decimals = getDecimals(token.mint)
    const delegate = readOption(token.delegate)
    const closeAuthority = readOption(token.closeAuthority)
    const rentExemptReserve = readOption(token.isNative)
    return {
      type: 'account',
      info: {
        isNative: rentExemptReserve !== null,
        mint: token.mint,
        owner: token.owner,
        state,
        tokenAmount: formatTokenAmount(token.amount, decimals),
        ...(delegate !== null
          ? { delegate, delegatedAmount: formatTokenAmount(token.delegatedAmount, decimals) }
          : {}),
        ...(closeAuthority !== null ? { closeAuthority } : {}),
        ...(rentExemptReserve !== null ? { rentExemptReserve: formatTokenAmount(rentExemptReserve, 9) } : {}),
      },
    }
  }
  if (account.data.length === MINT_SIZE) {
    const mint = getMintDecoder().decode(account.data)
    return {
      type: 'mint',
      info: {
        decimals: mint.decimals,
        freezeAuthority: readOption(mint.freezeAuthority),
        isInitialized: mint.isInitialized,
        mintAuthority: readOption(mint.mintAuthority),
        supply: mint.supply.toString(),
      },
    }
  }
  return undefined
}

const readOption = <T>(option: Option<T>): T | null => (isSome(option) ? option.value : null)
