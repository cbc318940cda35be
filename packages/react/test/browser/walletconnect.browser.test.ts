import { type StartAnvilReturnType, startAnvil } from '@satchel/devchain'
import type { BrowserContext, Page } from 'playwright-core'
import { isHex, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type CreateRelayReturnType, createRelay } from '../../../../apps/devnet/src/relay/createRelay'
import { type ExternalWallet, startExternalWallet } from '../walletconnect/startExternalWallet'
import { type BrowserStack, startBrowserStack } from './startBrowserStack'

// Issue 7's WalletConnect screen and issue 9's dApp role in Chromium: the login modal shows a QR code
// and the wc: link, a real WalletKit wallet (in Node) pairs with that link through the loopback relay,
// approves and signs the Sign-In with Ethereum message, and the page is signed in as that wallet.

const chainId = 31337
let chain: StartAnvilReturnType
let relay: CreateRelayReturnType
let stack: BrowserStack
let external: ExternalWallet
let context: BrowserContext
let page: Page

beforeAll(async () => {
  chain = await startAnvil({ chainId })
  relay = await createRelay()
  stack = await startBrowserStack({ env: { RPC_URLS: `${chainId}=${chain.rpcUrl}` } })
})
afterAll(async () => {
  await stack?.close()
  await relay?.close()
  await chain?.stop()
})
beforeEach(async () => {
  external = await startExternalWallet({ relayUrl: relay.url, chainId, rpcUrl: chain.rpcUrl })
  context = await stack.browser.newContext()
  page = await context.newPage()
})
afterEach(async () => {
  await context?.close()
  await external?.close()
})

async function openWalletConnectScreen() {
  await page.getByRole('button', { name: 'Open login' }).click()
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' })
  await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
  await dialog.getByRole('button', { name: 'WalletConnect (a wallet on your phone)' }).click()
  const qr = dialog.getByRole('img', { name: 'QR code with the WalletConnect link for your wallet' })
  await qr.waitFor({ timeout: 30_000 })
  const uri = await dialog.getByRole('textbox', { name: 'Or copy the WalletConnect link' }).inputValue()
  return { dialog, qr, uri }
}

describe('the login modal’s WalletConnect screen', () => {
  beforeEach(async () => {
    await page.goto(`${stack.pageUrl}&relayUrl=${encodeURIComponent(relay.url)}`)
    await page
      .getByTestId('status')
      .filter({ hasText: /^unauthenticated$/ })
      .waitFor({ timeout: 15_000 })
  })

  it('shows a QR code and the wc: link; the phone wallet approves and signs, and the page is signed in as it', async () => {
    const { dialog, qr, uri } = await openWalletConnectScreen()
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*relay-protocol=irn.*symKey=[0-9a-f]{64}/)
    // The QR code is drawn (an SVG image, decoded by the browser) and the deep link opens the same URI.
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100)
    expect(
      await dialog.getByRole('link', { name: 'Open a wallet app on this device' }).getAttribute('href'),
    ).toBe(uri)
    await dialog.getByText('Waiting for your wallet to approve…').waitFor()

    await external.approve(uri)
    await page
      .getByTestId('status')
      .filter({ hasText: /^authenticated$/ })
      .waitFor({ timeout: 30_000 })
    await expect
      .poll(() => page.getByTestId('linked').textContent(), { timeout: 20_000 })
      .toContain(external.address)
    expect(external.requests).toEqual(['personal_sign'])
    await dialog.waitFor({ state: 'detached', timeout: 30_000 })
  })

  it('says so in words when the wallet declines, and a new code works', async () => {
    const { dialog, uri } = await openWalletConnectScreen()
    await external.reject(uri)
    await dialog
      .getByRole('alert')
      .getByText('The wallet declined the connection')
      .waitFor({ timeout: 20_000 })
    // Focus goes to the way forward.
    const retry = dialog.getByRole('button', { name: 'Try again' })
    await expect.poll(() => retry.evaluate((button) => button === document.activeElement)).toBe(true)
    await retry.click()
    const next = await dialog.getByRole('textbox', { name: 'Or copy the WalletConnect link' })
    await expect.poll(() => next.inputValue(), { timeout: 20_000 }).toMatch(/^wc:/)
    const fresh = await next.inputValue()
    expect(fresh).not.toBe(uri)
    await external.approve(fresh)
    await page
      .getByTestId('status')
      .filter({ hasText: /^authenticated$/ })
      .waitFor({ timeout: 30_000 })
  })
})

describe('useWalletConnect across a reload, and after its app is removed', () => {
  let dappStack: BrowserStack
  beforeAll(async () => {
    dappStack = await startBrowserStack({ page: 'walletconnect-page' })
  })
  afterAll(async () => {
    await dappStack?.close()
  })

  const status = () => page.getByTestId('wc-status')
  const account = () => page.getByTestId('wc-account')

  it('takes up the session again after a reload: connected, and the wallet still signs (checked with viem)', async () => {
    await page.goto(`${dappStack.pageUrl}&relayUrl=${encodeURIComponent(relay.url)}`)
    await page.getByRole('button', { name: 'Connect a wallet' }).click()
    const uri = page.getByTestId('wc-uri').filter({ hasText: /^wc:/ })
    await uri.waitFor({ timeout: 30_000 })
    await external.approve((await uri.textContent()) ?? '')
    await status()
      .filter({ hasText: /^connected$/ })
      .waitFor({ timeout: 30_000 })
    expect(await account().textContent()).toBe(external.address)

    await page.reload()
    // The WalletConnect client and its IndexedDB come back with the page, and the session with them.
    await status()
      .filter({ hasText: /^connected$/ })
      .waitFor({ timeout: 30_000 })
    expect(await account().textContent()).toBe(external.address)
    await page.getByRole('button', { name: 'Sign with the wallet' }).click()
    const signature = page.getByTestId('wc-signature').filter({ hasText: /^(0x|error)/ })
    await signature.waitFor({ timeout: 30_000 })
    const signed = (await signature.textContent()) ?? ''
    expect(signed).toMatch(/^0x[0-9a-f]{130}$/)
    if (!isHex(signed)) throw new Error(signed)
    expect(
      await verifyMessage({
        address: external.address,
        message: 'Signed over WalletConnect after a reload',
        signature: signed,
      }),
    ).toBe(true)
    expect(external.requests).toEqual(['personal_sign'])
    expect(Object.keys(external.kit.getActiveSessions())).toHaveLength(1)
  })

  it('closes its relay socket when the app is removed, and keeps the session', async () => {
    await page.goto(`${dappStack.pageUrl}&relayUrl=${encodeURIComponent(relay.url)}`)
    await page.getByRole('button', { name: 'Connect a wallet' }).click()
    const uri = page.getByTestId('wc-uri').filter({ hasText: /^wc:/ })
    await uri.waitFor({ timeout: 30_000 })
    await external.approve((await uri.textContent()) ?? '')
    await status()
      .filter({ hasText: /^connected$/ })
      .waitFor({ timeout: 30_000 })
    // The page's socket and the wallet's are open (and any other test's left over).
    const open = relay.stats().clients

    await page.getByRole('button', { name: 'Remove the app' }).click()
    await page
      .getByTestId('shown')
      .filter({ hasText: /^removed$/ })
      .waitFor()
    await expect.poll(() => relay.stats().clients, { timeout: 20_000 }).toBe(open - 1)
    // Let go, not ended: the wallet still has the session.
    expect(Object.keys(external.kit.getActiveSessions())).toHaveLength(1)
  })
})
