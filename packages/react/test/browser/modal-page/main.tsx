import { SatchelProvider, useCreateWallet, useLogin, useLogout, useSatchel, useWallets } from '@satchel/react'
import { useSolanaWallets } from '@satchel/react/solana'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { createRoot } from 'react-dom/client'

// A page that uses the login modal's every way in, and a Solana dApp beside it that finds the
// embedded Solana wallet the way any dApp does: through the Wallet Standard's registry, not the SDK.

type Features = Record<string, Record<string, (...args: never[]) => Promise<unknown>>>
export type SolanaDapp = {
  names(): string[]
  connect(): Promise<string[]>
  signMessage(text: string): Promise<string>
  signTransaction(base64: string): Promise<string>
  disconnect(): Promise<void>
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))

function createSolanaDapp(): SolanaDapp {
  const registry = getWallets()
  const satchel = (): Wallet => {
    const wallet = registry.get().find((candidate) => candidate.name.startsWith('Satchel'))
    if (!wallet) throw new Error('No Satchel wallet is registered')
    return wallet
  }
  const feature = (name: string, method: string) => {
    const run = (satchel().features as Features)[name]?.[method]
    if (!run) throw new Error(`The wallet has no ${name}`)
    return run
  }
  const account = (): WalletAccount => {
    const [first] = satchel().accounts
    if (!first) throw new Error('Not connected')
    return first
  }
  return {
    names: () => registry.get().map((wallet) => wallet.name),
    async connect() {
      const { accounts } = (await feature('standard:connect', 'connect')()) as { accounts: WalletAccount[] }
      return accounts.map((each) => each.address)
    },
    async signMessage(text) {
      const sign = feature('solana:signMessage', 'signMessage') as (
        ...inputs: Array<{ account: WalletAccount; message: Uint8Array }>
      ) => Promise<Array<{ signature: Uint8Array }>>
      const [output] = await sign({ account: account(), message: new TextEncoder().encode(text) })
      return toBase64(output?.signature ?? new Uint8Array())
    },
    async signTransaction(base64) {
      const sign = feature('solana:signTransaction', 'signTransaction') as (
        ...inputs: Array<{ account: WalletAccount; transaction: Uint8Array }>
      ) => Promise<Array<{ signedTransaction: Uint8Array }>>
      const [output] = await sign({ account: account(), transaction: fromBase64(base64) })
      return toBase64(output?.signedTransaction ?? new Uint8Array())
    },
    async disconnect() {
      await feature('standard:disconnect', 'disconnect')()
    },
  }
}
;(window as unknown as { solanaDapp: SolanaDapp }).solanaDapp = createSolanaDapp()

function App() {
  const { status, user } = useSatchel()
  const { status: walletStatus, wallets } = useWallets()
  const { standardWallets } = useSolanaWallets()
  const { login } = useLogin()
  const { logout } = useLogout()
  const { createWallet, error: createError } = useCreateWallet()
  return (
    <main>
      <p>
        status: <output data-testid="status">{status}</output>
      </p>
      <p>
        wallets: <output data-testid="wallets">{walletStatus}</output>{' '}
        <output data-testid="solana-address">
          {wallets.find((wallet) => wallet.chainType === 'solana')?.address ?? ''}
        </output>
      </p>
      <p>
        accounts:{' '}
        <output data-testid="accounts">
          {user?.linkedAccounts.map((linked) => `${linked.type}:${String(linked.address ?? '')}`).join(',') ??
            ''}
        </output>
      </p>
      <p>
        standard wallets: <output data-testid="standard-wallets">{standardWallets.length}</output>
      </p>
      <button type="button" onClick={login}>
        Open login
      </button>
      <button type="button" onClick={() => createWallet({ chainType: 'solana' }).catch(() => {})}>
        Create Solana wallet
      </button>
      <output data-testid="create-error">{createError?.message ?? ''}</output>
      <button type="button" onClick={() => logout()}>
        Log out
      </button>
    </main>
  )
}

// The test opens `/?appId=...`; the page keeps its settings and drops the query, so that an OAuth
// provider's return lands on the exact redirect URI it registered (`<origin>/`).
const query = new URLSearchParams(location.search)
if (query.has('appId')) {
  sessionStorage.setItem('test-page', query.toString())
  history.replaceState(null, '', '/')
}
const parameters = new URLSearchParams(sessionStorage.getItem('test-page') ?? '')
const oauthProviders = parameters.getAll('oauth')
const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <SatchelProvider
      appId={parameters.get('appId') ?? ''}
      serverUrl={parameters.get('serverUrl') ?? ''}
      config={{
        cookieMode: parameters.get('cookieMode') === '1',
        ...(oauthProviders.length > 0 ? { oauthProviders } : {}),
      }}
    >
      <App />
    </SatchelProvider>,
  )
}
