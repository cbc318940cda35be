import { ChainNotConfiguredError, createConnector } from 'wagmi'
import type { SatchelClient } from '../client/createSatchelClient'
import { isHex } from '../client/parse'
import { createEip1193Provider } from '../ethereum/createEip1193Provider'
import type { Address, Eip1193Provider } from '../ethereum/eip1193Methods'

export type SatchelConnectorParameters = {
  client: SatchelClient
  /** The wallet's address or id. Default: the user's first Ethereum wallet. */
  wallet?: string | undefined
}

const addresses = (value: unknown): Address[] => (Array.isArray(value) ? value.filter(isHex) : [])

/**
 * A wagmi connector for the signed-in user's embedded Ethereum wallet. Connecting does not log in:
 * the user signs in through Satchel first (`useLogin`), then `connect({ connector })`. Reads use the
 * wagmi config's chains' RPC URLs. Signing out disconnects.
 *
 * @example
 * const config = createConfig({ chains: [base], connectors: [satchelConnector({ client })], transports: { [base.id]: http() } })
 */
export function satchelConnector({ client, wallet }: SatchelConnectorParameters) {
  let provider: Eip1193Provider | undefined
  let onAccounts: ((accounts: Address[]) => void) | undefined
  let onChain: ((chainId: string) => void) | undefined
  let onDisconnect: (() => void) | undefined

  return createConnector<Eip1193Provider>((config) => ({
    id: 'satchel',
    name: 'Satchel',
    type: 'satchel',
    async connect({ chainId, withCapabilities } = {}) {
      const target = await this.getProvider()
      const accounts = addresses(await target.request({ method: 'eth_requestAccounts' }))
      if (chainId !== undefined && chainId !== (await this.getChainId()))
        await this.switchChain?.({ chainId })
      onAccounts ??= this.onAccountsChanged.bind(this)
      onChain ??= this.onChainChanged.bind(this)
      onDisconnect ??= this.onDisconnect.bind(this)
      target.on('accountsChanged', onAccounts)
      target.on('chainChanged', onChain)
      target.on('disconnect', onDisconnect)
      return {
        // wagmi types the accounts by the caller's `withCapabilities`; its own connectors cast the same way.
        accounts: (withCapabilities
          ? accounts.map((address) => ({ address, capabilities: {} }))
          : accounts) as never,
        chainId: await this.getChainId(),
      }
    },
    async disconnect() {
      // Disconnecting the dApp leaves the user signed in to Satchel: only the listeners go.
      if (provider && onAccounts) provider.removeListener('accountsChanged', onAccounts)
      if (provider && onChain) provider.removeListener('chainChanged', onChain)
      if (provider && onDisconnect) provider.removeListener('disconnect', onDisconnect)
    },
    async getAccounts() {
      return addresses(await (await this.getProvider()).request({ method: 'eth_accounts' }))
    },
    async getChainId() {
      return Number(await (await this.getProvider()).request({ method: 'eth_chainId' }))
    },
    async getProvider() {
      const rpcUrls: Record<number, string> = {}
      for (const chain of config.chains) {
        const url = chain.rpcUrls.default.http[0]
        if (url) rpcUrls[chain.id] = url
      }
      provider ??= createEip1193Provider({ client, wallet, chainId: config.chains[0].id, rpcUrls })
      return provider
    },
    async isAuthorized() {
      return (await this.getAccounts()).length > 0
    },
    async switchChain({ chainId }) {
      const chain = config.chains.find((candidate) => candidate.id === chainId)
      if (!chain) throw new ChainNotConfiguredError()
      await (await this.getProvider()).request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: `0x${chainId.toString(16)}` }],
      })
      return chain
    },
    onAccountsChanged(accounts) {
      if (accounts.length === 0) this.onDisconnect()
      else config.emitter.emit('change', { accounts: addresses(accounts) })
    },
    onChainChanged(chainId) {
      config.emitter.emit('change', { chainId: Number(chainId) })
    },
    onDisconnect() {
      config.emitter.emit('disconnect')
    },
  }))
}
