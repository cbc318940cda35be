import { SatchelProvider, type SatchelProviderConfig } from '@satchel/react'
import { StepUpProvider } from '../shared/stepUp/StepUpProvider'
import { ConsoleContext } from './ConsoleContext'
import { Gate } from './Gate'
import type { ConsoleConfig } from './readConsoleConfig'
import { useConsoleState } from './useConsoleState'

// Operators have no wallets: the console only signs requests with the session key.
const providerConfig: SatchelProviderConfig = { createWalletsOnLogin: 'off' }

/**
 * The console: the Satchel provider for the operator app (operators sign in with Satchel itself),
 * around the gate that shows sign-in or the console's screens.
 *
 * @example
 * createRoot(root).render(<App config={config} />)
 */
export function App({ config }: { config: ConsoleConfig }) {
  const state = useConsoleState(config)
  return (
    <ConsoleContext.Provider value={state}>
      <SatchelProvider appId={config.appId} serverUrl={config.serverUrl} config={providerConfig}>
        <StepUpProvider>
          <Gate />
        </StepUpProvider>
      </SatchelProvider>
    </ConsoleContext.Provider>
  )
}
