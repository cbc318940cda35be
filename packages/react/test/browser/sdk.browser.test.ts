import type { BrowserContext, Page } from 'playwright-core'
import { getAddress, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mail } from './page/mail'
import { type BrowserStack, startBrowserStack } from './startBrowserStack'

// Access tokens live 10 s here, so the SDK's scheduled refresh happens within the test.
const TOKEN_TTL_SECONDS = 10

let stack: BrowserStack
let context: BrowserContext
let page: Page

beforeAll(async () => {
  stack = await startBrowserStack({ env: { ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS) } })
})
afterAll(async () => {
  await stack?.close()
})
beforeEach(async () => {
  context = await stack.browser.newContext()
  page = await context.newPage()
  await page.goto(stack.pageUrl)
  await expectText('status', 'unauthenticated')
})
afterEach(async () => {
  await context?.close()
})

const byTestId = (id: string, on: Page = page) => on.getByTestId(id)
async function expectText(id: string, text: string, on: Page = page, timeout = 15_000) {
  await byTestId(id, on)
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor({ timeout })
}
/** The session key pair as IndexedDB holds it: its public x coordinate and whether the private half can be read. */
const storedSessionKey = (on: Page = page) =>
  on.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('satchel-session-keys')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const key = db.transaction('keys').objectStore('keys').getAllKeys()
    const [name] = await new Promise<IDBValidKey[]>((resolve) => {
      key.onsuccess = () => resolve(key.result)
    })
    const read = db
      .transaction('keys')
      .objectStore('keys')
      .get(name ?? '')
    const pair = await new Promise<CryptoKeyPair>((resolve) => {
      read.onsuccess = () => resolve(read.result)
    })
    const { x } = await crypto.subtle.exportKey('jwk', pair.publicKey)
    return { x, privateExtractable: pair.privateKey.extractable }
  })
const storedSession = (on: Page = page) =>
  on.evaluate(() => Object.entries(localStorage).find(([key]) => key.endsWith(':session'))?.[1] ?? null)

async function headlessEmailLogin(email: string) {
  await page.getByLabel('headless email').fill(email)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expectText('email-state', 'awaiting-code-input')
  await page.getByLabel('headless code').fill(await stack.server.latestCode(email))
  await page.getByRole('button', { name: 'Submit code' }).click()
  await expectText('status', 'authenticated')
}

describe('@satchel/react in Chromium against the real server', () => {
  it('logs in by email with the hooks, has a wallet ready, and signs a message viem verifies', async () => {
    await headlessEmailLogin('browser@example.com')
    await expectText('email-state', 'done')
    await expectText('wallets', 'ready')
    const address = getAddress((await byTestId('address').textContent()) ?? '')
    await page.getByRole('button', { name: 'Sign message' }).click()
    await byTestId('signature')
      .filter({ hasText: /^0x[0-9a-f]{130}$/ })
      .waitFor()
    const signature = (await byTestId('signature').textContent()) as `0x${string}`
    expect(await verifyMessage({ address, message: 'Signed in the browser', signature })).toBe(true)
  })

  it('signs typed data with the hooks, verified by viem', async () => {
    await headlessEmailLogin('typed@example.com')
    await expectText('wallets', 'ready')
    const address = getAddress((await byTestId('address').textContent()) ?? '')
    await page.getByRole('button', { name: 'Sign typed data' }).click()
    await byTestId('typed-signature')
      .filter({ hasText: /^0x[0-9a-f]{130}$/ })
      .waitFor()
    const signature = (await byTestId('typed-signature').textContent()) as `0x${string}`
    expect(await verifyTypedData({ address, signature, ...mail })).toBe(true)
  })

  it('signs in as a guest from the modal, then keeps the account by linking an email', async () => {
    await page.getByRole('button', { name: 'Open login' }).click()
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' })
    await dialog.getByRole('button', { name: 'Continue as guest' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 15_000 })
    await expectText('status', 'authenticated')
    await page.getByLabel('headless email').fill('kept@example.com')
    await page.getByRole('button', { name: 'Send link code' }).click()
    await expect
      .poll(() => stack.server.latestCode('kept@example.com').catch(() => ''), { timeout: 10_000 })
      .toMatch(/^\d{6}$/)
    await page.getByLabel('headless code').fill(await stack.server.latestCode('kept@example.com'))
    await page.getByRole('button', { name: 'Link email' }).click()
    await expectText('linked', 'kept@example.com')
    // A second email is refused by the server, and the refusal reaches the app in words.
    await page.getByLabel('headless email').fill('second@example.com')
    await page.getByRole('button', { name: 'Send link code' }).click()
    await expect
      .poll(() => stack.server.latestCode('second@example.com').catch(() => ''), { timeout: 10_000 })
      .toMatch(/^\d{6}$/)
    await page.getByLabel('headless code').fill(await stack.server.latestCode('second@example.com'))
    await page.getByRole('button', { name: 'Link email' }).click()
    await expectText('link-error', 'No more accounts of this type can be linked')
  })

  it('refreshes the token before it expires, and a reload restores the session with the same signing key', async () => {
    await headlessEmailLogin('refresh@example.com')
    const key = await storedSessionKey()
    expect(key.privateExtractable).toBe(false)
    const first = await storedSession()
    // The page is on the API's site: the refresh token is an HttpOnly cookie, never in localStorage.
    expect(first).toContain('token')
    expect(first).not.toContain('refreshToken')
    const refreshCookie = (await context.cookies(`${stack.server.url}/api/v1/sessions`)).find((c) =>
      c.name.startsWith('satchel-refresh-token.'),
    )
    expect(refreshCookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' })
    // Scheduled at four fifths of the 10 s lifetime: no user action, no failed call first.
    await page.waitForFunction(
      (before) => Object.entries(localStorage).find(([key]) => key.endsWith(':session'))?.[1] !== before,
      first,
      {
        timeout: TOKEN_TTL_SECONDS * 1000 + 5_000,
      },
    )
    await expectText('status', 'authenticated')
    await page.reload()
    await expectText('status', 'authenticated')
    await expectText('wallets', 'ready')
    // The session key came back from IndexedDB: the same key, and the server still accepts its signatures.
    expect(await storedSessionKey()).toEqual(key)
    await page.getByRole('button', { name: 'Sign message' }).click()
    await byTestId('signature')
      .filter({ hasText: /^0x[0-9a-f]{130}$/ })
      .waitFor()
  })

  it('a session whose key the browser lost (site data cleared) says so once and asks to sign in again', async () => {
    await headlessEmailLogin('lost-key@example.com')
    // Deleted once this page lets go of it (the reload); the next page's open waits for that.
    await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const request = indexedDB.deleteDatabase('satchel-session-keys')
          request.onsuccess = resolve
          request.onblocked = resolve
          request.onerror = reject
        }),
    )
    const refreshes: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/sessions') refreshes.push(request.method())
    })
    await page.reload()
    await expectText('status', 'unauthenticated')
    await expectText('signed-out-reason', 'session_key_lost')
    expect(await storedSession()).toBeNull()
    // No refresh is tried with a key that would not match, now or later: nothing to loop on.
    await page.waitForTimeout(TOKEN_TTL_SECONDS * 1000)
    expect(refreshes).toEqual([])
    await expectText('status', 'unauthenticated')
  })

  it('logs out in one tab and the other tab follows', async () => {
    await headlessEmailLogin('tabs@example.com')
    const other = await context.newPage()
    await other.goto(stack.pageUrl)
    await expectText('status', 'authenticated', other)
    await page.getByRole('button', { name: 'Log out' }).click()
    await expectText('status', 'unauthenticated')
    await expectText('status', 'unauthenticated', other)
    expect(await storedSession()).toBeNull()
  })

  it('opens the login modal lazily with focus inside, keeps Tab inside, and closes on Escape', async () => {
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    expect(await page.getByRole('dialog').count()).toBe(0)
    const opener = page.getByRole('button', { name: 'Open login' })
    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' })
    await dialog.waitFor()
    expect(requested.some((url) => /LoginModal-[\w-]+\.js$/.test(url))).toBe(true)
    await dialog.getByLabel('Email').waitFor()
    const focusInside = () =>
      page.evaluate(
        () => document.querySelector('[role="dialog"]')?.contains(document.activeElement) ?? false,
      )
    expect(await focusInside()).toBe(true)
    for (let index = 0; index < 8; index++) {
      await page.keyboard.press('Tab')
      expect(await focusInside()).toBe(true)
    }
    await page.keyboard.press('Shift+Tab')
    expect(await focusInside()).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true)
  })

  it('logs in through the modal, showing each wait and an error in words', async () => {
    await page.getByRole('button', { name: 'Open login' }).click()
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' })
    await dialog.getByLabel('Email').fill('modal@example.com')
    await dialog.getByRole('button', { name: 'Continue with email' }).click()
    const codeField = dialog.getByLabel('Enter the code sent to modal@example.com')
    await codeField.waitFor()
    await codeField.fill('000000')
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await dialog.getByRole('alert').filter({ hasText: 'The code is wrong or has expired' }).waitFor()
    await codeField.fill(await stack.server.latestCode('modal@example.com'))
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await dialog.waitFor({ state: 'detached', timeout: 15_000 })
    await expectText('status', 'authenticated')
    await expectText('wallets', 'ready')
  })

  it('loads the phone metadata only when the SMS screen opens, with a country picker', async () => {
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    await page.getByRole('button', { name: 'Open login' }).click()
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' })
    await dialog.getByRole('button', { name: 'Continue with SMS' }).waitFor()
    expect(requested.some((url) => url.includes('SmsScreen'))).toBe(false)
    await dialog.getByRole('button', { name: 'Continue with SMS' }).click()
    const country = dialog.getByLabel('Country')
    await country.waitFor()
    expect(requested.some((url) => url.includes('SmsScreen'))).toBe(true)
    expect(await country.inputValue()).toBe('US')
    await country.selectOption('GB')
    expect(await country.locator('option:checked').textContent()).toBe('United Kingdom (+44)')
    await dialog.getByLabel('Phone number').fill('12')
    await dialog.getByRole('button', { name: 'Continue with SMS' }).click()
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'This phone number is not possible for the chosen country' })
      .waitFor()
  })
})
