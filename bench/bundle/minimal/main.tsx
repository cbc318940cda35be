import { SatchelProvider, useLogin, useSatchel } from '@satchel/react'
import { createRoot } from 'react-dom/client'

// The app the SDK's weight is measured with: one login button inside the provider.
function LoginButton() {
  const { login } = useLogin()
  const { ready, authenticated } = useSatchel()
  return (
    <button type="button" disabled={!ready} onClick={login}>
      {authenticated ? 'Signed in' : 'Log in'}
    </button>
  )
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <SatchelProvider appId="app_bench" serverUrl="http://127.0.0.1:8787">
      <LoginButton />
    </SatchelProvider>,
  )
}
