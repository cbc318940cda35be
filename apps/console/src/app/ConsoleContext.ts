import { createContext, useContext } from 'react'
import type { ConsoleConfig } from './readConsoleConfig'

/** The console's state every screen reads: its configuration, the app being managed, navigation. */
export type ConsoleState = {
  config: ConsoleConfig
  /** The app the screens are about (chosen on the Apps screen, kept across visits). */
  appId: string | undefined
  selectApp: (appId: string) => void
  /** The path under /console, e.g. `/users/usr_1`. */
  path: string
  navigate: (path: string) => void
}

export const ConsoleContext = createContext<ConsoleState | null>(null)

/**
 * The console's state (see ConsoleState).
 *
 * @example
 * const { appId, navigate } = useConsole()
 */
export function useConsole(): ConsoleState {
  const state = useContext(ConsoleContext)
  if (!state) throw new Error('useConsole must be used inside the console app')
  return state
}
