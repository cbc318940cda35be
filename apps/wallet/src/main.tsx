import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import './app/app.css'
import { loadWalletConfig } from './app/readWalletConfig'

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')
const root = createRoot(container)

loadWalletConfig().then(
  (config) =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  (error: unknown) =>
    root.render(
      <main className="config-error">
        <h1>Satchel Wallet cannot start</h1>
        <p role="alert">{error instanceof Error ? error.message : String(error)}</p>
      </main>,
    ),
)
