import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/** A screen of the wallet: its path, its name in the navigation, and its code (loaded on first visit). */
export type AppRoute = {
  path: string
  label: string
  Page: LazyExoticComponent<ComponentType>
}

// Each feature is its own chunk: the first load carries the shell and the screen it opens on.
export const routes: readonly AppRoute[] = [
  { path: '/', label: 'Home', Page: lazy(() => import('../features/home/HomePage')) },
  { path: '/send', label: 'Send', Page: lazy(() => import('../features/send/SendPage')) },
  { path: '/receive', label: 'Receive', Page: lazy(() => import('../features/receive/ReceivePage')) },
  { path: '/fund', label: 'Fund', Page: lazy(() => import('../features/fund/FundPage')) },
  {
    path: '/connections',
    label: 'Connections',
    Page: lazy(() => import('../features/connections/ConnectionsPage')),
  },
  { path: '/settings', label: 'Settings', Page: lazy(() => import('../features/settings/SettingsPage')) },
]
