import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'

type Sdk = typeof import('./index')

// Components at module level; the SDK itself is imported inside the tests, after the checks below.
function Page({ sdk }: { sdk: Sdk }) {
  const { status, ready } = sdk.useSatchel()
  sdk.useLogin()
  sdk.useWallets()
  return createElement('p', null, `${status}:${ready}`)
}
function Orphan({ sdk }: { sdk: Sdk }) {
  return createElement('p', null, sdk.useSatchel().status)
}

describe('server-side rendering', () => {
  it('runs in Node with no window, document or localStorage', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
    expect(typeof localStorage).toBe('undefined')
  })

  it('imports every entry without touching a browser global', async () => {
    // Every entry of package.json's exports map, so a new entry cannot be left out of this check.
    const { exports } = (await import('../package.json')).default as { exports: Record<string, string> }
    for (const [entry, path] of Object.entries(exports)) {
      const loaded: Record<string, unknown> = await import(
        /* @vite-ignore */ new URL(`.${path.replace(/^\.\/src/, '')}`, import.meta.url).href
      )
      expect(Object.keys(loaded).length, entry).toBeGreaterThan(0)
    }
    const main = await import('./index')
    const wagmi = await import('./wagmi/index')
    const walletConnectWallet = await import('./walletconnect/wallet/index')
    const solana = await import('./solana/index')
    expect(typeof main.SatchelProvider).toBe('function')
    expect(typeof solana.useSolanaWallets).toBe('function')
    expect(typeof wagmi.satchelConnector).toBe('function')
    expect(typeof walletConnectWallet.useWalletConnectWallet).toBe('function')
  })

  it('renders the provider and hooks to HTML as `loading`, with no network call', async () => {
    const sdk = await import('./index')
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const html = renderToString(
      createElement(
        sdk.SatchelProvider,
        { appId: 'app_1', serverUrl: 'http://127.0.0.1:1' },
        createElement(Page, { sdk }),
      ),
    )
    expect(html).toBe('<p>loading:false</p>')
    expect(fetchSpy).not.toHaveBeenCalled()
    fetchSpy.mockRestore()
  })

  it('throws the named error for a hook outside the provider', async () => {
    const sdk = await import('./index')
    expect(() => renderToString(createElement(Orphan, { sdk }))).toThrow(
      'useSatchel must be used inside <SatchelProvider>',
    )
  })
})
