'use client'

import { SatchelProvider } from '@satchel/react'
import type { ReactNode } from 'react'

export function Providers({ children }: { children: ReactNode }) {
  return (
    <SatchelProvider
      appId={process.env.NEXT_PUBLIC_SATCHEL_APP_ID ?? ''}
      serverUrl={process.env.NEXT_PUBLIC_SATCHEL_SERVER_URL ?? ''}
      config={{ createWalletsOnLogin: 'users-without-wallets' }}
    >
      {children}
    </SatchelProvider>
  )
}
