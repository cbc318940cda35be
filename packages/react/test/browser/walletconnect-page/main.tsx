import { SatchelProvider, useWalletConnect } from '@satchel/react'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'

// An app that uses an external wallet over WalletConnect through useWalletConnect alone: connect,
// sign with the session's EIP-1193 provider, and a switch that unmounts the whole <SatchelProvider>.
// walletconnect.browser.test.ts reloads it and removes it.

const message = 'Signed over WalletConnect after a reload'
const parameters = new URLSearchParams(location.search)
const walletConnect = { projectId: 'test', relayUrl: parameters.get('relayUrl') ?? '', chains: [31337] }
const toHex = (text: string) =>
  `0x${[...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`

function Dapp() {
  const { state, uri, session, provider, connect } = useWalletConnect()
  const [signature, setSignature] = useState('')
  const account = session?.accounts[0]
  const sign = () => {
    if (!provider || !account) return
    provider.request({ method: 'personal_sign', params: [toHex(message), account] }).then(
      (signed) => setSignature(signed),
      (error: Error) => setSignature(`error: ${error.message}`),
    )
  }
  return (
    <section>
      <p>
        WalletConnect: <output data-testid="wc-status">{state.status}</output>{' '}
        <output data-testid="wc-account">{account ?? ''}</output>
      </p>
      <output data-testid="wc-uri">{uri ?? ''}</output>
      <button type="button" onClick={() => connect().catch(() => {})}>
        Connect a wallet
      </button>
      <button type="button" onClick={sign} disabled={!account}>
        Sign with the wallet
      </button>
      <output data-testid="wc-signature">{signature}</output>
    </section>
  )
}

function Page() {
  const [shown, setShown] = useState(true)
  return (
    <main>
      <button type="button" onClick={() => setShown(false)}>
        Remove the app
      </button>
      <output data-testid="shown">{shown ? 'shown' : 'removed'}</output>
      {shown ? (
        <SatchelProvider
          appId={parameters.get('appId') ?? ''}
          serverUrl={parameters.get('serverUrl') ?? ''}
          config={{ walletConnect }}
        >
          <Dapp />
        </SatchelProvider>
      ) : null}
    </main>
  )
}

const root = document.getElementById('root')
if (root) createRoot(root).render(<Page />)
