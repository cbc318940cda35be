import type { TransactionRequest } from '../client/actions/sendTransaction'

export type Hex = `0x${string}`
export type Address = `0x${string}`

/**
 * What the embedded wallet's provider answers, one row per method: `{Method, Parameters, ReturnType}`.
 * Methods not listed here are read-only calls forwarded to the chain's RPC.
 */
export type Eip1193Methods = [
  { Method: 'eth_accounts'; Parameters?: undefined; ReturnType: Address[] },
  { Method: 'eth_requestAccounts'; Parameters?: undefined; ReturnType: Address[] },
  { Method: 'eth_chainId'; Parameters?: undefined; ReturnType: Hex },
  { Method: 'net_version'; Parameters?: undefined; ReturnType: string },
  { Method: 'wallet_switchEthereumChain'; Parameters: [chain: { chainId: Hex }]; ReturnType: null },
  {
    Method: 'wallet_addEthereumChain'
    Parameters: [chain: { chainId: Hex; rpcUrls?: readonly string[]; chainName?: string }]
    ReturnType: null
  },
  { Method: 'personal_sign'; Parameters: [message: Hex | string, address: Address]; ReturnType: Hex },
  {
    Method: 'eth_signTypedData_v4'
    Parameters: [address: Address, typedData: string | Record<string, unknown>]
    ReturnType: Hex
  },
  { Method: 'eth_signTransaction'; Parameters: [transaction: TransactionRequest]; ReturnType: Hex },
  { Method: 'eth_sendTransaction'; Parameters: [transaction: TransactionRequest]; ReturnType: Hex },
]

export type Eip1193Method = Eip1193Methods[number]['Method']

/** The `{method, params}` of one request; typed for the table's methods, open for RPC reads. */
export type Eip1193RequestArguments<method extends string = string> = method extends Eip1193Method
  ? { method: method; params?: Extract<Eip1193Methods[number], { Method: method }>['Parameters'] }
  : { method: method; params?: readonly unknown[] | Record<string, unknown> | undefined }

/** What `request` resolves to for `method`. */
export type Eip1193ReturnType<method extends string> = method extends Eip1193Method
  ? Extract<Eip1193Methods[number], { Method: method }>['ReturnType']
  : unknown

export type Eip1193EventMap = {
  accountsChanged: (accounts: Address[]) => void
  chainChanged: (chainId: Hex) => void
  connect: (info: { chainId: Hex }) => void
  disconnect: (error: Error) => void
  message: (message: { type: string; data: unknown }) => void
}

/** An EIP-1193 provider: `request`, and `on` / `removeListener` for its events. */
export type Eip1193Provider = {
  request<method extends string>(
    arguments_: Eip1193RequestArguments<method>,
  ): Promise<Eip1193ReturnType<method>>
  on<event extends keyof Eip1193EventMap>(event: event, listener: Eip1193EventMap[event]): void
  removeListener<event extends keyof Eip1193EventMap>(event: event, listener: Eip1193EventMap[event]): void
}
