import {
  DisconnectedError,
  InvalidParamsError,
  ProviderRpcError,
  UnauthorizedError,
  UnsupportedMethodError,
} from '@satchel/core'
import { isRecord } from '../../client/parse'
import { createEip1193Request } from '../../ethereum/createEip1193Request'
import type { Eip1193EventMap, Eip1193Provider, Hex } from '../../ethereum/eip1193Methods'
import type { WalletConnectSession } from './readWalletConnectSession'
import { toWalletConnectRpcError } from './toWalletConnectRpcError'

export type CreateSessionProviderParameters = {
  /** The connected session, undefined when there is none (not yet, or it ended). */
  getSession: () => WalletConnectSession | undefined
  /** Sends one request to the wallet over the session, through the relay. */
  send: (request: { topic: string; chainId: string; method: string; params: unknown }) => Promise<unknown>
}

export type SessionProviderControl = {
  provider: Eip1193Provider
  /** Tells the provider's listeners about a change the session saw. */
  emit: <event extends keyof Eip1193EventMap>(
    event: event,
    ...args: Parameters<Eip1193EventMap[event]>
  ) => void
  /** The chain requests go to now (the wallet may move it with a `chainChanged` event). */
  getChainId: () => number | undefined
  setChainId: (chainId: number) => void
}

const toHexChainId = (id: number): Hex => `0x${id.toString(16)}`

function parseChainId(value: unknown): number {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,13}$/.test(value))
    return Number.parseInt(value.slice(2), 16)
  throw new InvalidParamsError({ details: 'chainId must be a 0x-hex chain id.' })
}

/**
 * An external wallet connected over WalletConnect as an EIP-1193 provider, the same shape as the
 * embedded wallet's: viem (`custom(provider)`), wagmi, ethers and Satchel's own `loginWithWallet` /
 * `linkWallet` use it unchanged. Accounts and the chain are answered from the session; the signing
 * methods the wallet approved travel to it through the relay; anything else is 4200. Errors are core's
 * ProviderRpcError subclasses (a wallet's `User rejected.` is 4001).
 *
 * @example
 * const { provider } = createSessionProvider({ getSession, send })
 * await provider.request({ method: 'personal_sign', params: [toHex('hello'), address] })
 */
export function createSessionProvider({
  getSession,
  send,
}: CreateSessionProviderParameters): SessionProviderControl {
  const listeners = new Map<keyof Eip1193EventMap, Set<(...args: never[]) => void>>()
  let chosenChain: number | undefined

  const emit: SessionProviderControl['emit'] = (event, ...args) => {
    for (const listener of [...(listeners.get(event) ?? [])]) Reflect.apply(listener, undefined, args)
  }
  const currentChain = (session: WalletConnectSession): number | undefined =>
    chosenChain !== undefined && session.chains.includes(chosenChain) ? chosenChain : session.chains[0]
  const requireSession = (): WalletConnectSession => {
    const session = getSession()
    if (!session) throw new DisconnectedError({ details: 'No wallet is connected over WalletConnect.' })
    return session
  }
  const assertSessionAccount = (session: WalletConnectSession, address: unknown) => {
    if (
      typeof address !== 'string' ||
      !session.accounts.some((account) => account.toLowerCase() === address.toLowerCase())
    )
      throw new UnauthorizedError({ details: 'The address is not an account of the connected wallet.' })
  }

  async function handle(method: string, params: readonly unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_accounts':
        return getSession()?.accounts ?? []
      case 'eth_requestAccounts':
        return requireSession().accounts
      case 'eth_chainId':
      case 'net_version': {
        const chain = currentChain(requireSession())
        if (chain === undefined) throw new DisconnectedError({ details: 'The wallet approved no EVM chain.' })
        return method === 'eth_chainId' ? toHexChainId(chain) : String(chain)
      }
      case 'wallet_switchEthereumChain': {
        const session = requireSession()
        const next = parseChainId(isRecord(params[0]) ? params[0].chainId : undefined)
        if (!session.chains.includes(next))
          throw new ProviderRpcError(4902, `Unrecognized chain ID ${toHexChainId(next)}`, {
            details: 'The connected wallet did not approve this chain.',
          })
        if (next !== currentChain(session)) {
          chosenChain = next
          emit('chainChanged', toHexChainId(next))
        }
        return null
      }
      default:
        break
    }
    const session = requireSession()
    if (!session.methods.includes(method))
      throw new UnsupportedMethodError({ details: `The connected wallet does not offer ${method}.` })
    let forwarded: unknown = params
    if (method === 'personal_sign') {
      if (typeof params[0] !== 'string')
        throw new InvalidParamsError({ details: 'personal_sign expects [message, address].' })
      assertSessionAccount(session, params[1])
    } else if (method === 'eth_signTypedData_v4') {
      assertSessionAccount(session, params[0])
      // Wallets expect the typed data as a JSON string, as MetaMask defined the method.
      forwarded = [params[0], typeof params[1] === 'string' ? params[1] : JSON.stringify(params[1])]
    } else if (method === 'eth_sendTransaction' || method === 'eth_signTransaction') {
      const transaction = params[0]
      if (!isRecord(transaction))
        throw new InvalidParamsError({ details: 'Expected a transaction object as the first parameter.' })
      if (transaction.from !== undefined) assertSessionAccount(session, transaction.from)
      forwarded = [{ ...transaction, from: transaction.from ?? session.accounts[0] }]
    }
    const chain = currentChain(session)
    if (chain === undefined) throw new DisconnectedError({ details: 'The wallet approved no EVM chain.' })
    return send({ topic: session.topic, chainId: `eip155:${chain}`, method, params: forwarded })
  }

  const request = createEip1193Request(handle, toWalletConnectRpcError)

  return {
    provider: {
      request,
      on(event, listener) {
        const set = listeners.get(event) ?? new Set()
        set.add(listener)
        listeners.set(event, set)
      },
      removeListener(event, listener) {
        listeners.get(event)?.delete(listener)
      },
    },
    emit,
    getChainId: () => {
      const session = getSession()
      return session ? currentChain(session) : undefined
    },
    setChainId: (chainId) => {
      chosenChain = chainId
    },
  }
}
