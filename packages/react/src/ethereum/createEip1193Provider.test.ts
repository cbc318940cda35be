import { fundAccount, type StartAnvilReturnType, startAnvil } from '@satchel/devchain'
import { BrowserProvider, verifyMessage as verifyWithEthers } from 'ethers'
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  http,
  parseEther,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createConfig } from 'wagmi'
import {
  connect,
  disconnect,
  sendTransaction as wagmiSendTransaction,
  signMessage as wagmiSignMessage,
  waitForTransactionReceipt,
} from 'wagmi/actions'
import { etherMail } from '../../test/etherMail'
import { signInWithEmail } from '../../test/signInWithEmail'
import { startServer, type TestStack } from '../../test/startServer'
import type { SatchelClient } from '../client/createSatchelClient'
import { satchelConnector } from '../wagmi/satchelConnector'
import { createEip1193Provider } from './createEip1193Provider'
import type { Address, Eip1193Provider } from './eip1193Methods'

let chain: StartAnvilReturnType
let stack: TestStack
let client: SatchelClient
let provider: Eip1193Provider
let address: Address
let localChain: Chain

beforeAll(async () => {
  chain = await startAnvil({ chainId: 31337 })
  localChain = defineChain({ ...anvil, rpcUrls: { default: { http: [chain.rpcUrl] } } })
  stack = await startServer({ env: { RPC_URLS: `31337=${chain.rpcUrl}` } })
  client = await signInWithEmail(stack, 'eip1193@example.com')
  provider = createEip1193Provider({ client, chainId: 31337, rpcUrls: { 31337: chain.rpcUrl } })
  const [account] = await provider.request({ method: 'eth_requestAccounts' })
  if (!account) throw new Error('no wallet')
  address = account
  await fundAccount({
    rpcUrl: chain.rpcUrl,
    chainId: 31337,
    to: address,
    asset: 'native',
    amount: parseEther('10'),
  })
})
afterAll(async () => {
  client?.destroy()
  await stack?.close()
  await chain?.stop()
})

describe('the embedded wallet as an EIP-1193 provider', () => {
  it('answers accounts and chain locally, and forwards reads to the chain', async () => {
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([address])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })).toBe(
      '0x8ac7230489e80000',
    )
  })

  it('signs with viem: a message and typed data that viem verifies', async () => {
    const wallet = createWalletClient({ account: address, chain: localChain, transport: custom(provider) })
    const signature = await wallet.signMessage({ message: 'Hello from Satchel' })
    expect(await verifyMessage({ address, message: 'Hello from Satchel', signature })).toBe(true)
    const raw = await wallet.signMessage({ message: { raw: '0xdeadbeef' } })
    expect(await verifyMessage({ address, message: { raw: '0xdeadbeef' }, signature: raw })).toBe(true)
    const typed = await wallet.signTypedData(etherMail)
    expect(await verifyTypedData({ address, signature: typed, ...etherMail })).toBe(true)
  })

  it('sends a transaction with viem on anvil', async () => {
    const wallet = createWalletClient({ account: address, chain: localChain, transport: custom(provider) })
    const to = '0x000000000000000000000000000000000000bEEF'
    const hash = await wallet.sendTransaction({ chain: localChain, to, value: parseEther('0.5') })
    const reader = createPublicClient({ chain: localChain, transport: http(chain.rpcUrl) })
    const receipt = await reader.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await reader.getBalance({ address: to })).toBe(parseEther('0.5'))
  })

  it("signs a message through ethers' BrowserProvider", async () => {
    const signer = await new BrowserProvider(provider, 31337).getSigner()
    expect(await signer.getAddress()).toBe(address)
    const signature = await signer.signMessage('Hello, ethers')
    expect(verifyWithEthers('Hello, ethers', signature)).toBe(address)
  })

  it('connects, signs and sends through wagmi with the Satchel connector', async () => {
    const config = createConfig({
      chains: [localChain],
      connectors: [satchelConnector({ client })],
      transports: { [localChain.id]: http(chain.rpcUrl) },
    })
    const connector = config.connectors[0]
    if (!connector) throw new Error('no connector')
    const connection = await connect(config, { connector })
    expect(connection.accounts).toEqual([address])
    const signature = await wagmiSignMessage(config, { message: 'Hello, wagmi' })
    expect(await verifyMessage({ address, message: 'Hello, wagmi', signature })).toBe(true)
    const hash = await wagmiSendTransaction(config, {
      to: '0x000000000000000000000000000000000000cafE',
      value: 1000n,
    })
    expect((await waitForTransactionReceipt(config, { hash })).status).toBe('success')
    await disconnect(config)
  })

  it('answers with EIP-1193 error codes', async () => {
    await expect(provider.request({ method: 'eth_sign', params: [address, '0x00'] })).rejects.toMatchObject({
      code: 4200,
    })
    await expect(
      provider.request({
        method: 'personal_sign',
        params: ['0x68656c6c6f', '0x0000000000000000000000000000000000000001'],
      }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x4242' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    await expect(
      provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: 'base' as `0x${string}` }],
      }),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('switches chain locally and tells listeners', async () => {
    const separate = createEip1193Provider({ client, chainId: 31337, rpcUrls: { 31337: chain.rpcUrl } })
    const chainChanged = vi.fn()
    separate.on('chainChanged', chainChanged)
    await separate.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    expect(chainChanged).toHaveBeenCalledWith('0x1')
    expect(await separate.request({ method: 'eth_chainId' })).toBe('0x1')
    separate.removeListener('chainChanged', chainChanged)
  })

  it('empties its accounts when the user signs out, and tells listeners', async () => {
    const accountsChanged = vi.fn()
    provider.on('accountsChanged', accountsChanged)
    await client.logout()
    expect(accountsChanged).toHaveBeenCalledWith([])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4100 })
    provider.removeListener('accountsChanged', accountsChanged)
  })
})
