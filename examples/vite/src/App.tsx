import { useLogin, useLogout, useSatchel, useSignMessage, useWallets } from '@satchel/react'
import { useState } from 'react'

export function App() {
  const { ready, authenticated, user } = useSatchel()
  const { wallets } = useWallets()
  const { login } = useLogin()
  const { logout } = useLogout()
  const { signMessage } = useSignMessage()
  const [signature, setSignature] = useState('')

  if (!ready) return <p>Loading…</p>
  if (!authenticated) {
    return (
      <button type="button" onClick={login}>
        Log in
      </button>
    )
  }
  const wallet = wallets[0]
  return (
    <main>
      <p>
        Signed in as <output data-testid="user-id">{user?.id}</output>
      </p>
      <p>
        Wallet: <output data-testid="address">{wallet?.address ?? 'creating…'}</output>
      </p>
      <button
        type="button"
        disabled={!wallet}
        onClick={async () => setSignature(await signMessage({ message: 'Hello from Satchel' }))}
      >
        Sign a message
      </button>
      <p>
        Signature: <output data-testid="signature">{signature}</output>
      </p>
      <button type="button" onClick={() => logout()}>
        Log out
      </button>
    </main>
  )
}
