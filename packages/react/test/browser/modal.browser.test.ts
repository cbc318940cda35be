import { randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { address, getAddressEncoder, getTransactionDecoder, lamports } from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import type { BrowserContext, Page } from 'playwright-core'
import { getAddress, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addVirtualAuthenticator } from '../../../../e2e/support/addVirtualAuthenticator'
import { injectTestSolanaWallet } from '../../../../e2e/support/injectTestSolanaWallet'
import { buildSolTransfer, SOL_RECIPIENT } from '../../../server/test/buildSolTransfer'
import {
  type StartLoopbackOidcProviderReturnType,
  startLoopbackOidcProvider,
} from '../../../server/test/support/oauth/startLoopbackOidcProvider'
import type { SolanaDapp } from './modal-page/main'
import { type BrowserStack, startBrowserStack } from './startBrowserStack'

// The login modal's other ways in (OAuth by redirect, passkeys, a browser wallet), the embedded Solana
// wallet as a Wallet Standard wallet, and a cookie-mode app, each in Chromium against the real server.

const OIDC_CLIENT = { clientId: 'modal-page', clientSecret: randomBytes(16).toString('hex') }

let stack: BrowserStack
let idp: StartLoopbackOidcProviderReturnType | undefined
let context: BrowserContext
let page: Page

beforeAll(async () => {
  stack = await startBrowserStack({
    page: 'modal-page',
    // WebAuthn takes no IP address as the relying party: the page is on localhost.
    hostname: 'localhost',
    server: async (pageOrigin) => {
      idp = await startLoopbackOidcProvider({
        accounts: [{ sub: 'grace', email: 'grace@example.com', name: 'Grace' }],
        clients: [{ ...OIDC_CLIENT, redirectUris: [`${pageOrigin}/`] }],
      })
      return {
        loginMethods: ['email', 'passkey', 'siwe', 'siws', 'oauth'],
        app: { settings: { oauth: { providers: { acme: { issuer: idp.issuer, ...OIDC_CLIENT } } } } },
      }
    },
  })
})
afterAll(async () => {
  await stack?.close()
  await idp?.stop()
})
afterEach(async () => {
  await context?.close()
})

async function openPage(on: BrowserStack = stack) {
  context = await on.browser.newContext()
  page = await context.newPage()
  await page.goto(on.pageUrl)
  await expectText('status', 'unauthenticated')
}

async function expectText(id: string, text: string | RegExp, timeout = 20_000) {
  await page
    .getByTestId(id)
    .filter({ hasText: typeof text === 'string' ? new RegExp(`^${text}$`) : text })
    .waitFor({ timeout })
}

function openModal() {
  return page
    .getByRole('button', { name: 'Open login' })
    .click()
    .then(() => page.getByRole('dialog', { name: 'Log in or sign up' }))
}

/** Submits a form from the page the browser is on, as a person pressing a button there would. */
function submitForm(action: string, fields: Record<string, string> = {}) {
  return page.evaluate(
    ([target, values]) => {
      const form = document.createElement('form')
      form.method = 'post'
      form.action = target
      for (const [name, value] of Object.entries(values)) {
        const input = document.createElement('input')
        input.name = name
        input.value = value
        form.append(input)
      }
      document.body.append(form)
      form.submit()
    },
    [action, fields] as const,
  )
}

describe('the login modal in Chromium', () => {
  it('signs in with a social account by redirect, and the page comes back signed in', async () => {
    await openPage()
    const dialog = await openModal()
    await dialog.getByRole('button', { name: 'Continue with Acme' }).click()
    // The provider's own pages: sign in as Grace, then consent.
    await page.waitForURL(/\/interaction\//, { timeout: 20_000 })
    const login = new URL(page.url())
    await submitForm(`${login.pathname}/login`, { login: 'grace' })
    await page.waitForURL((url) => url.pathname.startsWith('/interaction/') && url.href !== login.href)
    await submitForm(`${new URL(page.url()).pathname}/confirm`)
    // Back on the app, which finishes the login from the code in its address.
    await expectText('status', 'authenticated')
    await expectText('accounts', /acme_oauth:/)
    expect(new URL(page.url()).search).toBe('')
  })

  it('says in words when the person refuses at the provider', async () => {
    await openPage()
    const dialog = await openModal()
    await dialog.getByRole('button', { name: 'Continue with Acme' }).click()
    await page.waitForURL(/\/interaction\//, { timeout: 20_000 })
    await submitForm(`${new URL(page.url()).pathname}/abort`)
    const reopened = page.getByRole('dialog', { name: 'Log in or sign up' })
    await reopened.getByRole('alert').waitFor({ timeout: 20_000 })
    expect(await reopened.getByRole('alert').textContent()).toMatch(/denied|refused|cancel/i)
    await expectText('status', 'unauthenticated')
  })

  it('creates an account with a new passkey, and signs back in with it after logging out', async () => {
    await openPage()
    const authenticator = await addVirtualAuthenticator(page)
    let dialog = await openModal()
    await dialog.getByRole('button', { name: 'Continue with a passkey' }).click()
    await dialog.getByRole('button', { name: 'Create an account with a passkey' }).click()
    await expectText('status', 'authenticated')
    await expectText('accounts', /^passkey:$/)
    expect(await authenticator.credentialCount()).toBe(1)

    await page.getByRole('button', { name: 'Log out' }).click()
    await expectText('status', 'unauthenticated')
    dialog = await openModal()
    await dialog.getByRole('button', { name: 'Continue with a passkey' }).click()
    await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expectText('status', 'authenticated')
    await expectText('accounts', /^passkey:$/)
  })

  it('signs in with a browser wallet announced over EIP-6963, whose signature the server verifies', async () => {
    const account = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`)
    context = await stack.browser.newContext()
    page = await context.newPage()
    // The wallet's key stays in Node; the page gets an EIP-1193 provider that asks Node to sign.
    // As wallets do, a 0x-hex message is signed as its bytes and any other as UTF-8 text.
    await page.exposeFunction('testWalletSign', (message: string) =>
      account.signMessage({
        message: /^0x([0-9a-f]{2})*$/i.test(message) ? { raw: message as Hex } : message,
      }),
    )
    await page.addInitScript((walletAddress: string) => {
      const provider = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [walletAddress]
          if (method === 'eth_chainId') return '0x1'
          if (method === 'personal_sign') {
            const sign = (window as unknown as { testWalletSign(message: unknown): Promise<string> })
              .testWalletSign
            return sign(params?.[0])
          }
          throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 })
        },
      }
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: Object.freeze({
              info: {
                uuid: crypto.randomUUID(),
                name: 'Test Wallet',
                icon: 'data:image/svg+xml,<svg/>',
                rdns: 'dev.test.wallet',
              },
              provider,
            }),
          }),
        )
      window.addEventListener('eip6963:requestProvider', announce)
      announce()
    }, account.address)
    await page.goto(stack.pageUrl)
    await expectText('status', 'unauthenticated')

    const dialog = await openModal()
    await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
    await dialog.getByRole('button', { name: 'Test Wallet' }).click()
    await expectText('status', 'authenticated')
    const accounts = (await page.getByTestId('accounts').textContent()) ?? ''
    expect(getAddress(accounts.replace(/^wallet:/, ''))).toBe(account.address)
  })

  it('signs in with a Solana wallet registered through the Wallet Standard (Sign In With Solana)', async () => {
    context = await stack.browser.newContext()
    page = await context.newPage()
    const wallet = await injectTestSolanaWallet(page, { name: 'Test Solana Wallet' })
    await page.goto(stack.pageUrl)
    await expectText('status', 'unauthenticated')

    const dialog = await openModal()
    await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
    await dialog.getByRole('button', { name: 'Test Solana Wallet (Solana)' }).click()
    await expectText('status', 'authenticated')
    expect(await page.getByTestId('accounts').textContent()).toBe(`wallet:${wallet.address}`)
    expect(wallet.calls.signMessage).toBe(1)
  })

  it('says so when the browser has no wallet', async () => {
    await openPage()
    const dialog = await openModal()
    await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
    await dialog.getByText('No wallet was found in this browser.').waitFor()
  })
})

describe('the embedded Solana wallet through the Wallet Standard', () => {
  it('is found by a dApp through the standard registry, connects, signs a message and a transaction LiteSVM runs', async () => {
    await openPage()
    const email = 'solana-standard@example.com'
    const dialog = await openModal()
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByRole('button', { name: 'Continue with email' }).click()
    await dialog.getByLabel(/Enter the code/).fill(await pollCode(email))
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await expectText('status', 'authenticated')
    await page.getByRole('button', { name: 'Create Solana wallet' }).click()
    await expectText('solana-address', /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const solanaAddress = address((await page.getByTestId('solana-address').textContent()) ?? '')
    await expectText('standard-wallets', '1')

    expect(await page.evaluate(() => (window as unknown as WithDapp).solanaDapp.names())).toEqual([
      expect.stringMatching(/^Satchel /),
    ])
    expect(await page.evaluate(() => (window as unknown as WithDapp).solanaDapp.connect())).toEqual([
      solanaAddress,
    ])

    const message = 'Sign in to the dApp with Satchel'
    const signature = Buffer.from(
      await page.evaluate((text) => (window as unknown as WithDapp).solanaDapp.signMessage(text), message),
      'base64',
    )
    const publicKey = new Uint8Array(getAddressEncoder().encode(solanaAddress))
    expect(ed25519.verify(signature, new TextEncoder().encode(message), publicKey)).toBe(true)

    const svm = new LiteSVM()
    svm.airdrop(solanaAddress, lamports(1_000_000_000n))
    const signed = await page.evaluate(
      (transaction) => (window as unknown as WithDapp).solanaDapp.signTransaction(transaction),
      buildSolTransfer({ from: solanaAddress, lamports: 1_000_000n, blockhash: svm.latestBlockhash() }),
    )
    const result = svm.sendTransaction(getTransactionDecoder().decode(Buffer.from(signed, 'base64')))
    expect(result instanceof FailedTransactionMetadata ? result.toString() : 'ok').toBe('ok')
    expect(svm.getBalance(SOL_RECIPIENT)).toBe(1_000_000n)

    // Signed out, the wallet lists no account and refuses to sign.
    await page.getByRole('button', { name: 'Log out' }).click()
    await expectText('status', 'unauthenticated')
    await expect(
      page.evaluate(() => (window as unknown as WithDapp).solanaDapp.signMessage('after logout')),
    ).rejects.toThrow(/Not connected/)
  })
})

describe('a cookie-mode app', () => {
  let cookieStack: BrowserStack
  beforeAll(async () => {
    cookieStack = await startBrowserStack({
      page: 'modal-page',
      hostname: 'localhost',
      server: { loginMethods: ['email'], app: { cookieMode: true } },
    })
    cookieStack.pageUrl += '&cookieMode=1'
  })
  afterAll(async () => {
    await cookieStack?.close()
  })

  it('keeps the session in HttpOnly cookies only, and a reload finds it signed in', async () => {
    await openPage(cookieStack)
    const email = 'cookie-mode@example.com'
    const dialog = await openModal()
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByRole('button', { name: 'Continue with email' }).click()
    await dialog.getByLabel(/Enter the code/).fill(await pollCode(email, cookieStack))
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await expectText('status', 'authenticated')
    // The session's tokens are HttpOnly cookies: no script on the page can read them, from storage
    // or from document.cookie (the identity token, which only names the user, is all it keeps).
    const sessionCookies = (await context.cookies()).filter((cookie) => cookie.httpOnly)
    expect(sessionCookies.length).toBeGreaterThanOrEqual(1)
    const readable = await page.evaluate(
      () => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie,
    )
    for (const cookie of sessionCookies) expect(readable).not.toContain(cookie.value)

    await page.reload()
    await expectText('status', 'authenticated')
    await page.getByRole('button', { name: 'Log out' }).click()
    await expectText('status', 'unauthenticated')
    await page.reload()
    await expectText('status', 'unauthenticated')
  })
})

/** The page's Solana dApp (see modal-page/main.tsx), as code evaluated in the page reaches it. */
type WithDapp = { solanaDapp: SolanaDapp }

async function pollCode(email: string, on: BrowserStack = stack): Promise<string> {
  let code = ''
  await expect
    .poll(
      async () => {
        code = await on.server.latestCode(email).catch(() => '')
        return code
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/)
  return code
}
