import type { ReactNode } from 'react'
import { Providers } from './providers'

export const metadata = { title: 'Satchel + Next.js' }

// A server component: the page is rendered on the server, and only `Providers` runs in the browser.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  )
}
