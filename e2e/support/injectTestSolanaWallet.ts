import { ed25519 } from '@noble/curves/ed25519'
import { getAddressDecoder } from '@solana/kit'
import type { Page } from 'playwright-core'

export type InjectTestSolanaWalletParameters = {
  /** What the wallet registers as (Wallet Standard `name`). */
  name: string
  /** Refuses the next N message signatures as a person pressing "Reject" does. */
  rejectSignatures?: number
}

declare global {
  interface Window {
    __satchelTestSolanaSign?: (message: string) => Promise<{ signature: string } | { error: string }>
  }
}

/**
 * Gives the page a Solana wallet registered through the Wallet Standard, as Phantom or Solflare do
 * (`standard:connect` and `solana:signMessage`), whose key stays in Node: the page asks Node to sign
 * (page.exposeFunction) and ed25519 signs for real, so the server verifies it as any wallet's.
 * Answers the wallet's address and how many messages it was asked to sign.
 *
 * @example
 * const wallet = await injectTestSolanaWallet(page, { name: 'Test Solana Wallet' })
 */
export async function injectTestSolanaWallet(
  page: Page,
  { name, rejectSignatures = 0 }: InjectTestSolanaWalletParameters,
): Promise<{ address: string; calls: { signMessage: number } }> {
  const secretKey = ed25519.utils.randomPrivateKey()
  const publicKey = ed25519.getPublicKey(secretKey)
  const address = getAddressDecoder().decode(publicKey)
  const calls = { signMessage: 0 }
  let rejections = rejectSignatures
  await page.exposeFunction('__satchelTestSolanaSign', (message: string) => {
    calls.signMessage += 1
    if (rejections > 0) {
      rejections -= 1
      return { error: 'User rejected the request.' }
    }
    return {
      signature: Buffer.from(ed25519.sign(Buffer.from(message, 'base64'), secretKey)).toString('base64'),
    }
  })
  await page.addInitScript(
    ([walletName, walletAddress, publicKeyBase64]) => {
      const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
      const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
      const chains = ['solana:mainnet'] as const
      const account = {
        address: walletAddress,
        publicKey: fromBase64(publicKeyBase64),
        chains,
        features: ['solana:signMessage'],
      }
      const wallet = {
        version: '1.0.0',
        name: walletName,
        icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"%3E%3Ccircle cx="12" cy="12" r="10" fill="%239945ff"/%3E%3C/svg%3E',
        chains,
        accounts: [] as unknown[],
        features: {
          'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
          'standard:events': { version: '1.0.0', on: () => () => {} },
          'solana:signMessage': {
            version: '1.0.0',
            signMessage: async ({ message }: { message: Uint8Array }) => {
              const answer = await window.__satchelTestSolanaSign?.(toBase64(message))
              if (!answer || 'error' in answer) throw new Error(answer?.error ?? 'The wallet is not ready')
              return [{ signedMessage: message, signature: fromBase64(answer.signature) }]
            },
          },
        },
      }
      // The Wallet Standard's registration handshake, as @wallet-standard/wallet's registerWallet does it.
      const register = ({ register: add }: { register(wallet: unknown): unknown }) => add(wallet)
      window.addEventListener('wallet-standard:app-ready', (event) => register((event as CustomEvent).detail))
      window.dispatchEvent(Object.assign(new Event('wallet-standard:register-wallet'), { detail: register }))
    },
    [name, address, Buffer.from(publicKey).toString('base64')] as const,
  )
  return { address, calls }
}
