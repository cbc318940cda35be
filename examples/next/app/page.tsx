'use client'

import { useLogin, useSatchel, useSignMessage, useWallets } from '@satchel/react'
import { useState } from 'react'

export default function Page() {
  const { ready, authenticated, user, getAccessToken } = useSatchel()
  const { wallets } = useWallets()
  const { login } = useLogin()
  const { signMessage } = useSignMessage()
  const [signature, setSignature] = useState('')
  const [serverSays, setServerSays] = useState('')

  // The server renders this (no window, no session yet); the browser takes over from there.
  if (!ready) return <p>Loading…</p>
  if (!authenticated) {
    return (
      <button type="button" onClick={login}>
        Log in
      </button>
    )
  }
  const askServer = async () => {
    const response = await fetch('/api/me', {
      headers: { authorization: `Bearer ${await getAccessToken()}` },
    })
    const body: { userId?: string; error?: string } = await response.json()
    setServerSays(body.userId ?? body.error ?? '')
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
      <button type="button" onClick={askServer}>
        Ask the server who I am
      </button>
      <p>
        The server says: <output data-testid="server-user-id">{serverSays}</output>
      </p>
    </main>
  )
}
