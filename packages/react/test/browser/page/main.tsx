import {
  SatchelProvider,
  useLinkAccount,
  useLogin,
  useLoginWithEmail,
  useLogout,
  useSatchel,
  useSignMessage,
  useSignTypedData,
  useWallets,
} from '@satchel/react'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { mail } from './mail'

// A test app built with the SDK's hooks; the browser tests drive it against the real server.
function App() {
  const { status, user, signedOutReason } = useSatchel()
  const { status: walletStatus, wallets } = useWallets()
  const { login } = useLogin()
  const { logout } = useLogout()
  const { sendCode, loginWithCode, state } = useLoginWithEmail()
  const { signMessage, data: signature, error: signError } = useSignMessage()
  const { signTypedData, data: typedSignature } = useSignTypedData()
  const { sendEmailCode, linkEmail } = useLinkAccount()
  const [linkError, setLinkError] = useState('')
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  return (
    <main>
      <p>
        status: <output data-testid="status">{status}</output>{' '}
        <output data-testid="signed-out-reason">{signedOutReason ?? ''}</output>
      </p>
      <p>
        user: <output data-testid="user">{user?.id ?? ''}</output>
      </p>
      <p>
        wallets: <output data-testid="wallets">{walletStatus}</output>{' '}
        <output data-testid="address">{wallets[0]?.address ?? ''}</output>
      </p>
      <p>
        email login: <output data-testid="email-state">{state.status}</output>
      </p>
      <button type="button" onClick={login}>
        Open login
      </button>
      <input aria-label="headless email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <button type="button" onClick={() => sendCode({ email }).catch(() => {})}>
        Send code
      </button>
      <input aria-label="headless code" value={code} onChange={(event) => setCode(event.target.value)} />
      <button type="button" onClick={() => loginWithCode({ code }).catch(() => {})}>
        Submit code
      </button>
      <button type="button" onClick={() => signMessage({ message: 'Signed in the browser' }).catch(() => {})}>
        Sign message
      </button>
      <output data-testid="signature">{signature ?? signError?.message ?? ''}</output>
      <button type="button" onClick={() => signTypedData({ typedData: mail }).catch(() => {})}>
        Sign typed data
      </button>
      <output data-testid="typed-signature">{typedSignature ?? ''}</output>
      <button type="button" onClick={() => sendEmailCode({ email }).catch(() => {})}>
        Send link code
      </button>
      <button
        type="button"
        onClick={() =>
          linkEmail({ email, code }).then(
            () => setLinkError(''),
            (error: Error) => setLinkError(error.message),
          )
        }
      >
        Link email
      </button>
      <output data-testid="linked">
        {user?.linkedAccounts
          .map((account) => account.address)
          .filter(Boolean)
          .join(',') ?? ''}
      </output>
      <output data-testid="link-error">{linkError}</output>
      <button type="button" onClick={() => logout()}>
        Log out
      </button>
    </main>
  )
}

const parameters = new URLSearchParams(location.search)
// The WalletConnect test passes its loopback relay; the modal then offers WalletConnect.
const relayUrl = parameters.get('relayUrl')
const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <SatchelProvider
      appId={parameters.get('appId') ?? ''}
      serverUrl={parameters.get('serverUrl') ?? ''}
      config={{
        createWalletsOnLogin: 'users-without-wallets',
        appearance: { accentColor: '#0f766e' },
        ...(relayUrl && { walletConnect: { projectId: 'test', relayUrl, chains: [31337] } }),
      }}
    >
      <App />
    </SatchelProvider>,
  )
}
