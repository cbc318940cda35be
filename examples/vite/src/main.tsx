import { SatchelProvider } from '@satchel/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <SatchelProvider
        appId={import.meta.env.VITE_SATCHEL_APP_ID}
        serverUrl={import.meta.env.VITE_SATCHEL_SERVER_URL}
        config={{ createWalletsOnLogin: 'users-without-wallets' }}
      >
        <App />
      </SatchelProvider>
    </StrictMode>,
  )
}
