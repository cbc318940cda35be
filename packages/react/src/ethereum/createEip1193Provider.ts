import {
  DEFAULT_CHAIN_ID,
  DisconnectedError,
  getChain,
  InvalidParamsError,
  ProviderRpcError,
  UnauthorizedError,
  UnsupportedMethodError,
} from '@satchel/core'
import { sendTransaction, signTransaction, type TransactionRequest } from '../client/actions/sendTransaction'
import { signMessage } from '../client/actions/signMessage'
import { asIs, getWallet, walletRpc } from '../client/actions/walletRpc'
import type { SatchelClient } from '../client/createSatchelClient'
import { isHex, isRecord } from '../client/parse'
import { UnexpectedResponseError } from '../errors/errors'
import { createEip1193Request } from './createEip1193Request'
import type { Address, Eip1193EventMap, Eip1193Provider, Hex } from './eip1193Methods'
import { toProviderRpcError } from './toProviderRpcError'

export type CreateEip1193ProviderParameters = {
  client: SatchelClient
  /** The wallet's address or id. Default: the user's first Ethereum wallet. */
  wallet?: string | undefined
  /** The chain the provider starts on. Default 1. */
  chainId?: number | undefined
  /** JSON-RPC endpoints for reads, by chain id; chains not listed use Satchel's public default. */
  rpcUrls?: Readonly<Record<number, string>> | undefined
}

const toHexChainId = (id: number): Hex => `0x${id.toString(16)}`

function parseChainId(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,13}$/.test(value))
    return Number.parseInt(value.slice(2), 16)
  throw new InvalidParamsError({ details: 'chainId must be a 0x-hex chain id.' })
}

function toTransaction(value: unknown): TransactionRequest {
  if (!isRecord(value))
    throw new InvalidParamsError({ details: 'Expected a transaction object as the first parameter.' })
  return value
}

/**
 * An embedded Ethereum wallet as an EIP-1193 provider, for viem (`custom(provider)`), wagmi and ethers
 * (`BrowserProvider`). Accounts and the chain are answered here (switching is local and emits
 * `chainChanged`), signing goes to the Satchel server's wallet RPC with the session key's signature,
 * and every other call is a read forwarded to the chain's JSON-RPC endpoint. Errors are core's
 * ProviderRpcError subclasses with their EIP-1193 codes.
 *
 * @example
 * const provider = createEip1193Provider({ client, chainId: 8453 })
 * const walletClient = createWalletClient({ chain: base, transport: custom(provider) })
 */
export function createEip1193Provider({
  client,
  wallet,
  chainId: initialChainId = DEFAULT_CHAIN_ID,
  rpcUrls = {},
}: CreateEip1193ProviderParameters): Eip1193Provider {
  let chainId = initialChainId
  const extraRpcUrls = new Map<number, string>(Object.entries(rpcUrls).map(([id, url]) => [Number(id), url]))
  const listeners = new Map<keyof Eip1193EventMap, Set<(...args: never[]) => void>>()
  let unsubscribe: (() => void) | undefined
  let id = 0

  const emit = <event extends keyof Eip1193EventMap>(
    event: event,
    ...args: Parameters<Eip1193EventMap[event]>
  ) => {
    for (const listener of [...(listeners.get(event) ?? [])]) Reflect.apply(listener, undefined, args)
  }
  const account = (): Address | undefined => {
    try {
      const found = getWallet(client, { wallet })
      return isHex(found.address) ? found.address : undefined
    } catch {
      return undefined
    }
  }
  const requireAccount = (): Address => {
    const address = account()
    if (!address) throw new UnauthorizedError({ details: 'Sign in, with an Ethereum wallet ready, first.' })
    return address
  }
  const assertOwnAddress = (address: unknown) => {
    if (typeof address !== 'string' || address.toLowerCase() !== requireAccount().toLowerCase()) {
      throw new UnauthorizedError({ details: 'The address is not this wallet.' })
    }
  }
  const rpcUrl = (id: number): string | undefined => {
    const configured = extraRpcUrls.get(id)
    if (configured) return configured
    try {
      return getChain(id).rpcUrls.default.http[0]
    } catch {
      return undefined
    }
  }
  const watchSession = () => {
    // A logout (here or in another tab) ends the connection: dApps hear it as events.
    let last = account()
    unsubscribe ??= client.subscribe(() => {
      const next = account()
      if (next === last) return
      last = next
      emit('accountsChanged', next ? [next] : [])
      if (!next) emit('disconnect', new DisconnectedError())
    })
  }

  async function read(method: string, params: unknown): Promise<unknown> {
    const url = rpcUrl(chainId)
    if (!url) throw new ProviderRpcError(4901, `No RPC endpoint for chain ${chainId}`)
    let body: unknown
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }),
      })
      body = await response.json()
    } catch (error) {
      throw new ProviderRpcError(4901, `The RPC endpoint of chain ${chainId} cannot be reached`, {
        cause: error,
      })
    }
    if (isRecord(body) && isRecord(body.error)) {
      const { code, message, data } = body.error
      throw new ProviderRpcError(
        typeof code === 'number' ? code : -32603,
        typeof message === 'string' ? message : 'RPC error',
        { data },
      )
    }
    return isRecord(body) ? body.result : undefined
  }

  async function handle(method: string, params: readonly unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_accounts': {
        const address = account()
        return address ? [address] : []
      }
      case 'eth_requestAccounts':
        return [requireAccount()]
      case 'eth_chainId':
        return toHexChainId(chainId)
      case 'net_version':
        return String(chainId)
      case 'wallet_switchEthereumChain': {
        const next = parseChainId(isRecord(params[0]) ? params[0].chainId : undefined)
        if (!rpcUrl(next)) throw new ProviderRpcError(4902, `Unrecognized chain ID ${toHexChainId(next)}`)
        if (next !== chainId) {
          chainId = next
          emit('chainChanged', toHexChainId(next))
        }
        return null
      }
      case 'wallet_addEthereumChain': {
        const chain = isRecord(params[0]) ? params[0] : {}
        const next = parseChainId(chain.chainId)
        const [url] = Array.isArray(chain.rpcUrls) ? chain.rpcUrls : []
        if (typeof url !== 'string' || !/^https?:\/\//.test(url))
          throw new InvalidParamsError({ details: 'rpcUrls[0] must be an http(s) URL.' })
        extraRpcUrls.set(next, url)
        return null
      }
      case 'personal_sign': {
        const [message, address] = params
        if (typeof message !== 'string')
          throw new InvalidParamsError({ details: 'personal_sign expects [message, address].' })
        assertOwnAddress(address)
        // MetaMask's convention: 0x-hex is the message's bytes, anything else is text.
        return signMessage(client, {
          wallet: requireAccount(),
          message: isHex(message) ? { raw: message } : message,
        })
      }
      case 'eth_signTypedData_v4': {
        const [address, typedData] = params
        assertOwnAddress(address)
        const parsed: unknown = typeof typedData === 'string' ? JSON.parse(typedData) : typedData
        if (!isRecord(parsed))
          throw new InvalidParamsError({ details: 'eth_signTypedData_v4 expects [address, typedData].' })
        const data = await walletRpc(client, {
          wallet: requireAccount(),
          method: 'eth_signTypedData_v4',
          params: { typedData: asIs(parsed) },
        })
        if (!isHex(data.signature))
          throw new UnexpectedResponseError({ path: '/api/v1/wallets/:id/rpc', field: 'data.signature' })
        return data.signature
      }
      case 'eth_signTransaction':
      case 'eth_sendTransaction': {
        const transaction = toTransaction(params[0])
        if (transaction.from !== undefined) assertOwnAddress(transaction.from)
        const withChain = { ...transaction, chainId: transaction.chainId ?? toHexChainId(chainId) }
        if (method === 'eth_signTransaction')
          return signTransaction(client, { wallet: requireAccount(), transaction: withChain })
        return (await sendTransaction(client, { wallet: requireAccount(), transaction: withChain })).hash
      }
      case 'eth_sign':
        throw new UnsupportedMethodError({ details: 'eth_sign is not supported: use personal_sign.' })
      default:
        if (method.startsWith('wallet_') || method.startsWith('eth_sign'))
          throw new UnsupportedMethodError({ details: `${method} is not supported.` })
        return read(method, params)
    }
  }

  const request = createEip1193Request(handle, toProviderRpcError)

  return {
    request,
    on(event, listener) {
      watchSession()
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      if ([...listeners.values()].every((set) => set.size === 0)) {
        unsubscribe?.()
        unsubscribe = undefined
      }
    },
  }
}
