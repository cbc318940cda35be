/** The largest uint256: what dApps ask for when they want an allowance without end. */
export const MAX_UINT256 = 2n ** 256n - 1n

/**
 * At or above this an allowance is unlimited in effect: no token's supply comes near 2^128 units.
 * The server's transaction scan uses the same line, so a permit and an `approve` are judged alike.
 */
export const UNLIMITED_ALLOWANCE_THRESHOLD = 2n ** 128n

/** One permission to spend a person's tokens, from a signature request or a transaction. */
export type AllowanceGrant = {
  /** What grants it, in words a person can check against the app's claim. */
  standard:
    | 'EIP-2612 permit'
    | 'DAI permit'
    | 'Permit2 allowance'
    | 'Permit2 transfer'
    | 'ERC-20 approve'
    | 'ERC-20 increaseAllowance'
    | 'NFT approval for all'
    | 'Permit2 approve'
    | 'EIP-3009 transfer authorization'
  /** The token contract, when the request names it (lower-case). */
  token: string | undefined
  /** Who may spend (or, for EIP-3009, who receives). */
  spender: string | undefined
  /** In the token's smallest unit; MAX_UINT256 when unreadable, so a doubt reads as unlimited. */
  amount: bigint
  /** `amount` at or above {@link UNLIMITED_ALLOWANCE_THRESHOLD} (or an approval for all). */
  unlimited: boolean
  /** Unix seconds after which the permission lapses, when the request says. */
  expiresAt: number | undefined
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const readAddress = (value: unknown): string | undefined =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value) ? value.toLowerCase() : undefined

/** A uint as EIP-712 messages carry it (number, decimal or hex string), else MAX_UINT256. */
function readAmount(value: unknown): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'bigint' && value >= 0n && value <= MAX_UINT256) return value
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) {
    const amount = BigInt(value)
    if (amount <= MAX_UINT256) return amount
  }
  return MAX_UINT256
}

function readSeconds(value: unknown): number | undefined {
  if (value === undefined) return undefined
  const seconds = readAmount(value)
  // 0 (DAI's "no expiry") and values past any date read as "never".
  return seconds === 0n || seconds > 253_402_300_799n ? undefined : Number(seconds)
}

const grant = (
  fields: Omit<AllowanceGrant, 'unlimited' | 'expiresAt'> & { expiresAt?: number | undefined },
): AllowanceGrant => ({
  ...fields,
  expiresAt: fields.expiresAt,
  unlimited: fields.amount >= UNLIMITED_ALLOWANCE_THRESHOLD,
})

/**
 * The allowances an `eth_signTypedData_v4` request grants: an EIP-2612 `Permit` (the token is the
 * domain's verifyingContract), DAI's `Permit(holder, spender, nonce, expiry, allowed)`, Permit2's
 * `PermitSingle`/`PermitBatch` (allowances) and `PermitTransferFrom`/`PermitBatchTransferFrom`
 * (one-off transfers, witness forms included), and EIP-3009 `TransferWithAuthorization` /
 * `ReceiveWithAuthorization`. Anything else: an empty list.
 *
 * @example
 * decodeTypedDataGrants({ primaryType: 'Permit', domain: { verifyingContract: usdc },
 *   message: { owner, spender, value: MAX_UINT256.toString(), nonce: 0, deadline: 1900000000 } })
 * // [{ standard: 'EIP-2612 permit', token: usdc, spender, amount: MAX_UINT256, unlimited: true, expiresAt: 1900000000 }]
 */
export function decodeTypedDataGrants(typedData: unknown): AllowanceGrant[] {
  const parsed = typeof typedData === 'string' ? safeParse(typedData) : typedData
  if (!isRecord(parsed) || typeof parsed.primaryType !== 'string' || !isRecord(parsed.message)) return []
  const { primaryType, message } = parsed
  const domain = isRecord(parsed.domain) ? parsed.domain : {}
  const domainToken = readAddress(domain.verifyingContract)

  if (/^(TransferWithAuthorization|ReceiveWithAuthorization)$/.test(primaryType))
    return [
      grant({
        standard: 'EIP-3009 transfer authorization',
        token: domainToken,
        spender: readAddress(message.to),
        amount: readAmount(message.value),
        expiresAt: readSeconds(message.validBefore),
      }),
    ]
  if (!/^permit/i.test(primaryType)) return []

  const spender = readAddress(message.spender)
  // Permit2: the tokens and amounts are in `details` (allowances) or `permitted` (transfers).
  const listed = message.details ?? message.permitted
  if (listed !== undefined) {
    const transfer = message.permitted !== undefined
    const entries = Array.isArray(listed) ? listed : [listed]
    return entries.map((entry: unknown) => {
      const fields = isRecord(entry) ? entry : {}
      return grant({
        standard: transfer ? 'Permit2 transfer' : 'Permit2 allowance',
        token: readAddress(fields.token),
        spender,
        amount: readAmount(fields.amount),
        expiresAt: readSeconds(transfer ? message.deadline : fields.expiration),
      })
    })
  }
  if (message.allowed !== undefined)
    return [
      grant({
        standard: 'DAI permit',
        token: domainToken,
        spender,
        amount: message.allowed === false || message.allowed === 'false' ? 0n : MAX_UINT256,
        expiresAt: readSeconds(message.expiry),
      }),
    ]
  return [
    grant({
      standard: 'EIP-2612 permit',
      token: domainToken,
      spender,
      amount: readAmount(message.value),
      expiresAt: readSeconds(message.deadline),
    }),
  ]
}

const selectors = {
  '0x095ea7b3': 'ERC-20 approve',
  '0x39509351': 'ERC-20 increaseAllowance',
  '0xa22cb465': 'NFT approval for all',
  '0x87517c45': 'Permit2 approve',
} as const

/**
 * The allowance a transaction's calldata grants: ERC-20 `approve(spender, amount)` and
 * `increaseAllowance(spender, added)`, `setApprovalForAll(operator, approved)` (unlimited when
 * granted) and Permit2's `approve(token, spender, amount, expiration)`; else undefined.
 *
 * @example
 * decodeApprovalCall({ to: usdc, data: '0x095ea7b3' + spenderWord + 'ff'.repeat(32) })
 * // { standard: 'ERC-20 approve', token: usdc, spender, amount: MAX_UINT256, unlimited: true, expiresAt: undefined }
 */
export function decodeApprovalCall({
  to,
  data,
}: {
  to?: string | undefined
  data?: string | undefined
}): AllowanceGrant | undefined {
  if (typeof data !== 'string' || !/^0x[0-9a-fA-F]*$/.test(data) || data.length < 10 + 128) return undefined
  const standard = selectors[data.slice(0, 10).toLowerCase() as keyof typeof selectors]
  if (!standard) return undefined
  const word = (index: number) => `0x${data.slice(10 + index * 64, 10 + (index + 1) * 64)}`
  const address = (index: number) => `0x${word(index).slice(26)}`.toLowerCase()
  if (standard === 'Permit2 approve') {
    if (data.length < 10 + 256) return undefined
    return grant({
      standard,
      token: address(0),
      spender: address(1),
      amount: BigInt(word(2)),
      expiresAt: readSeconds(BigInt(word(3))),
    })
  }
  const value = BigInt(word(1))
  return grant({
    standard,
    token: readAddress(to),
    spender: address(0),
    amount: standard === 'NFT approval for all' ? (value === 0n ? 0n : MAX_UINT256) : value,
  })
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
