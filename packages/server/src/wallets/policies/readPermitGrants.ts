import { isAddress, maxUint256 } from 'viem'

/** One allowance a permit grants: the token (when known), who may spend it, and how much. */
export type PermitGrant = { token: string | undefined; spender: string | undefined; amount: bigint }

export type ReadPermitGrantsParameters = {
  primaryType: string
  message: Readonly<Record<string, unknown>>
  /** The domain's verifyingContract: the token itself for an EIP-2612 or DAI permit. */
  verifyingContract?: string | undefined
}

/**
 * The allowances a typed-data request grants when it is a permit, else undefined. A permit is any
 * typed data whose primary type starts with "Permit": a token (EIP-2612 `Permit`, DAI's
 * `Permit(holder, spender, nonce, expiry, allowed)`) or Permit2 (`PermitSingle`, `PermitBatch`,
 * `PermitTransferFrom`, `PermitBatchTransferFrom` and their witness forms) checks the signature
 * against its own type hash, so typed data under another name cannot serve as its permit.
 * An amount that is missing or unreadable counts as unlimited, so a cap can only refuse it.
 *
 * @example
 * readPermitGrants({ primaryType: 'Permit', verifyingContract: usdc,
 *   message: { owner, spender, value: '1000000', nonce: 0, deadline } })
 * // [{ token: usdc, spender, amount: 1000000n }]
 */
export function readPermitGrants({
  primaryType,
  message,
  verifyingContract,
}: ReadPermitGrantsParameters): PermitGrant[] | undefined {
  if (!/^permit/i.test(primaryType)) return undefined
  const spender = readAddress(message.spender)
  // Permit2: the tokens and amounts are in `details` (allowances) or `permitted` (transfers).
  const listed = message.details ?? message.permitted
  if (listed !== undefined) {
    const entries = Array.isArray(listed) ? listed : [listed]
    if (entries.length === 0) return [{ token: undefined, spender, amount: maxUint256 }]
    return entries.map((entry: unknown) => {
      const fields = isRecord(entry) ? entry : {}
      return { token: readAddress(fields.token), spender, amount: readAmount(fields.amount) }
    })
  }
  const amount =
    message.value !== undefined
      ? readAmount(message.value)
      : message.allowed === false || message.allowed === 'false'
        ? 0n
        : maxUint256
  return [{ token: readAddress(verifyingContract), spender, amount }]
}

function readAddress(value: unknown): string | undefined {
  return typeof value === 'string' && isAddress(value, { strict: false }) ? value.toLowerCase() : undefined
}

/** A uint as EIP-712 messages carry it (number, decimal or hex string), else unlimited. */
function readAmount(value: unknown): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) {
    const amount = BigInt(value)
    if (amount <= maxUint256) return amount
  }
  if (typeof value === 'bigint' && value >= 0n && value <= maxUint256) return value
  return maxUint256
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
