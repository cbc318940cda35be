import { methodsByChainType } from '../rpc/rpcSchemas'

/** The chains a policy can govern (a policy binds wallets of one chain type). */
export type PolicyChainType = 'ethereum' | 'solana'

/** How a field's values compare: unsigned integers as bigint, addresses case-insensitively, strings exactly. */
export type FieldKind = 'uint' | 'address' | 'string'

export type PolicyOperator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'in'
export const policyOperators = [
  'eq',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
] as const satisfies readonly PolicyOperator[]

/** Operators that order values: meaningless for addresses and names, so refused there when a policy is saved. */
export const orderingOperators: readonly PolicyOperator[] = ['gt', 'gte', 'lt', 'lte']

/** The wallet methods a rule can name, per chain type. `*` matches every method. */
export const policyMethods = methodsByChainType satisfies Record<PolicyChainType, readonly string[]>

/**
 * Methods a `*` ALLOW rule does not cover: only a rule that names them allows them. A raw 32-byte
 * hash can be anything once signed (a transaction of any value, an EIP-7702 authorization that hands
 * the account to a contract), so no policy judges its content: allowing it must be deliberate.
 * A `*` DENY rule still denies them.
 */
export const explicitOnlyMethods: readonly string[] = ['secp256k1_sign']

/**
 * The methods whose rules judge a transaction, and with it the token approval a typed-data permit
 * grants (see extractFacts).
 */
export const transactionMethods = ['eth_signTransaction', 'eth_sendTransaction'] as const
const everyMethod = [...policyMethods.ethereum, ...policyMethods.solana] as const

/**
 * Every field a condition can test: its source, its kind, and the methods whose requests carry it.
 * A condition on a field the request does not carry (a `to` on `personal_sign`, a transfer amount
 * on calldata that is not an ERC-20 transfer) does not match.
 */
export const policyFields = {
  ethereum_transaction: {
    chainType: 'ethereum',
    methods: transactionMethods,
    fields: { to: 'address', value: 'uint', chain_id: 'uint' },
  },
  // Token calls decoded from the transaction's data. An allowance is a transfer the spender may make
  // later, so every allowance (approve, increaseAllowance, setApprovalForAll, Permit2's approve, and
  // the Permit and Permit2 typed data judged as the approval they grant) gives `approve.spender` and
  // `approve.amount` and also `transfer.to` (the spender) and `transfer.amount` (the allowance;
  // 2^256-1 when unlimited or unknown): a cap on transfers caps allowances too.
  ethereum_calldata: {
    chainType: 'ethereum',
    methods: transactionMethods,
    fields: {
      'transfer.to': 'address',
      'transfer.amount': 'uint',
      'approve.spender': 'address',
      'approve.amount': 'uint',
    },
  },
  ethereum_typed_data_domain: {
    chainType: 'ethereum',
    methods: ['eth_signTypedData_v4'],
    fields: { chainId: 'uint', verifyingContract: 'address', name: 'string', version: 'string' },
  },
  // Facts about the moment of the request rather than its content (a delegation valid until a date).
  system: {
    chainType: 'any',
    methods: everyMethod,
    fields: { current_unix_timestamp: 'uint' },
  },
} as const satisfies Record<
  string,
  {
    chainType: PolicyChainType | 'any'
    methods: readonly string[]
    fields: Record<string, FieldKind>
  }
>

export type FieldSource = keyof typeof policyFields
export const fieldSources = [
  'ethereum_transaction',
  'ethereum_calldata',
  'ethereum_typed_data_domain',
  'system',
] as const satisfies readonly FieldSource[]

/** `source.field`, the key of one fact about a request (`ethereum_calldata.transfer.to`). */
export type FactKey = {
  [S in FieldSource]: `${S}.${Extract<keyof (typeof policyFields)[S]['fields'], string>}`
}[FieldSource]

/**
 * The kind of a field of a source, or undefined when the source has no such field.
 *
 * @example
 * getFieldKind('ethereum_transaction', 'value') // 'uint'
 */
export function getFieldKind(source: FieldSource, field: string): FieldKind | undefined {
  const fields: Record<string, FieldKind> = policyFields[source].fields
  return Object.hasOwn(fields, field) ? fields[field] : undefined
}
