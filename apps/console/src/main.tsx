import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import './app/console.css'
import { loadConsoleConfig } from './app/readConsoleConfig'

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')
const root = createRoot(container)

loadConsoleConfig().then(
  (config) =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  (error: unknown) =>
    root.render(
      <main className="page-center">
        <h1>The Satchel console cannot start</h1>
        <p role="alert">{error instanceof Error ? error.message : String(error)}</p>
      </main>,
    ),
)
