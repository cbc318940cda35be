import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/** A screen of the wallet: its path, its name, its code (loaded on first visit), and its tab if it has one. */
export type AppRoute = {
  path: string
  label: string
  Page: LazyExoticComponent<ComponentType>
  /** Shown in the main navigation (the phone's tab bar, the desktop's rail) with this icon. */
  tab?: 'home' | 'connections' | 'settings'
}

// Each feature is its own chunk: the first load carries the shell and the screen it opens on. Send,
// Receive and Buy are reached from Home's round buttons, where a person looks for them.
export const routes: readonly AppRoute[] = [
  { path: '/', label: 'Home', tab: 'home', Page: lazy(() => import('../features/home/HomePage')) },
  { path: '/send', label: 'Send', Page: lazy(() => import('../features/send/SendPage')) },
  { path: '/receive', label: 'Receive', Page: lazy(() => import('../features/receive/ReceivePage')) },
  { path: '/fund', label: 'Buy', Page: lazy(() => import('../features/fund/FundPage')) },
  {
    path: '/connections',
    label: 'Connections',
    tab: 'connections',
    Page: lazy(() => import('../features/connections/ConnectionsPage')),
  },
  {
    path: '/settings',
    label: 'Settings',
    tab: 'settings',
    Page: lazy(() => import('../features/settings/SettingsPage')),
  },
]
