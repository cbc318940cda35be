import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignAndSendTransactionInput,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
  type SolanaSignMessageInput,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
  type SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features'
import { signAndSendSolanaTransaction } from '../client/actions/signAndSendSolanaTransaction'
import { signSolanaMessage } from '../client/actions/signSolanaMessage'
import { signSolanaTransaction } from '../client/actions/signSolanaTransaction'
import type { SatchelClient } from '../client/createSatchelClient'
import type { SatchelWallet } from '../client/types'
import { satchelStandardWallets } from '../client/walletStandard/satchelStandardWallets'
import { NotAuthenticatedError, WalletNotFoundError } from '../errors/errors'
import { decodeBase58 } from './decodeBase58'
import { SOLANA_CHAINS, toSolanaCaip2 } from './toSolanaCaip2'

export type SatchelSolanaFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

/** A Wallet Standard wallet for one embedded Solana wallet, and the handle that keeps it current. */
export type SolanaStandardWallet = {
  readonly wallet: Wallet & { readonly features: SatchelSolanaFeatures }
  /** Re-reads the client's state: the account is listed while its owner is signed in (and connected). */
  update(): void
}

// A satchel in the accent colour, as a data URI (the standard allows no remote icon).
const ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzRmNDZlNSIvPjxwYXRoIGQ9Ik0xMCAxMmExIDEgMCAwIDEgMS0xaDEwYTEgMSAwIDAgMSAxIDFsMSAxMmExIDEgMCAwIDEtMSAxSDEwYTEgMSAwIDAgMS0xLTF6bTMtMWEzIDMgMCAwIDEgNiAwIiBmaWxsPSJub25lIiBzdHJva2U9IiNmZmYiIHN0cm9rZS13aWR0aD0iMiIvPjwvc3ZnPg=='

const shortAddress = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

/**
 * One embedded Solana wallet as a Wallet Standard wallet (what Solana's wallet adapters and
 * `@wallet-standard/app` list): connect, disconnect, change events, and signing of messages and
 * transactions (legacy and v0) through the server's wallet RPC, with the session's authorization
 * signature. The account shows only while its owner is signed in and the dApp has connected.
 *
 * @example
 * const { wallet } = createSolanaStandardWallet(client, solanaWallet)
 * await wallet.features['standard:connect'].connect()
 */
export function createSolanaStandardWallet(
  client: SatchelClient,
  embedded: SatchelWallet,
): SolanaStandardWallet {
  const account: WalletAccount = Object.freeze({
    address: embedded.address,
    publicKey: decodeBase58(embedded.address),
    chains: SOLANA_CHAINS,
    features: [SolanaSignMessage, SolanaSignTransaction, SolanaSignAndSendTransaction] as const,
    label: `Satchel ${shortAddress(embedded.address)}`,
  })
  const listeners = new Set<StandardEventsListeners['change']>()
  let connected = false
  let accounts: readonly WalletAccount[] = []

  const isOwned = () => {
    const state = client.getState()
    return (
      state.status === 'authenticated' && state.wallets.wallets.some((wallet) => wallet.id === embedded.id)
    )
  }
  const update = () => {
    const next = connected && isOwned() ? [account] : []
    if (next.length === accounts.length) return
    accounts = next
    for (const listener of listeners) listener({ accounts })
  }
  // Every signing call names the account; only this wallet's own is accepted.
  const checkAccount = (input: { account: WalletAccount }) => {
    if (input.account.address !== embedded.address)
      throw new WalletNotFoundError({ wallet: input.account.address })
    if (!isOwned()) throw new NotAuthenticatedError({ action: 'Signing with a Solana wallet' })
  }
  const walletId = embedded.id

  async function signMessage({ account: from, message }: SolanaSignMessageInput) {
    checkAccount({ account: from })
    const signature = await signSolanaMessage(client, { wallet: walletId, message })
    return { signedMessage: message, signature, signatureType: 'ed25519' as const }
  }
  async function signTransaction({ account: from, transaction }: SolanaSignTransactionInput) {
    checkAccount({ account: from })
    return { signedTransaction: await signSolanaTransaction(client, { wallet: walletId, transaction }) }
  }
  async function signAndSendTransaction({
    account: from,
    transaction,
    chain,
  }: SolanaSignAndSendTransactionInput) {
    checkAccount({ account: from })
    const caip2 = toSolanaCaip2(chain)
    return {
      signature: decodeBase58(
        await signAndSendSolanaTransaction(client, { wallet: walletId, transaction, caip2 }),
      ),
    }
  }
  // The standard takes several inputs per call; they are signed one after another, in order.
  const each =
    <input, output>(sign: (input: input) => Promise<output>) =>
    async (...inputs: readonly input[]) => {
      const outputs: output[] = []
      for (const input of inputs) outputs.push(await sign(input))
      return outputs
    }

  const features: SatchelSolanaFeatures = {
    [StandardConnect]: {
      version: '1.0.0',
      connect: async ({ silent } = {}) => {
        if (!isOwned()) {
          if (silent) return { accounts: [] }
          throw new NotAuthenticatedError({ action: 'Connecting to a Satchel Solana wallet' })
        }
        connected = true
        update()
        return { accounts }
      },
    },
    [StandardDisconnect]: {
      version: '1.0.0',
      disconnect: async () => {
        connected = false
        update()
      },
    },
    [StandardEvents]: {
      version: '1.0.0',
      on: (_event, listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    [SolanaSignMessage]: { version: '1.1.0', signMessage: each(signMessage) },
    [SolanaSignTransaction]: {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: each(signTransaction),
    },
    [SolanaSignAndSendTransaction]: {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: each(signAndSendTransaction),
    },
  }

  const wallet = {
    version: '1.0.0' as const,
    name: `Satchel ${shortAddress(embedded.address)}`,
    icon: ICON,
    chains: SOLANA_CHAINS,
    features,
    get accounts() {
      return accounts
    },
  } satisfies Wallet
  satchelStandardWallets.add(wallet)
  return { wallet, update }
}
