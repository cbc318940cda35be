import type { Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import { openScreen, readHeaderAddress, signInWithEmail } from '../support/walletSteps'

setUpJourney()

const signInHeading = (page: Page) => page.getByRole('heading', { name: 'Sign in to Satchel Wallet' })

describe('sessions', () => {
  it('keeps a session across reloads, logs out, and signs back in on a fresh browser to the same wallet', async () => {
    const first = await browser.newContext()
    const page = await first.newPage()
    const address = await signInWithEmail(page, world, 'returning@example.com')
    await page.reload()
    expect(await readHeaderAddress(page)).toBe(address)

    await page.getByRole('button', { name: 'Account' }).click()
    await page.getByRole('button', { name: 'Log out', exact: true }).click()
    await signInHeading(page).waitFor()
    await page.reload()
    await signInHeading(page).waitFor()
    await first.close()

    // A fresh browser (nothing stored): the same email finds the same wallet, not a new one.
    const fresh = await browser.newContext()
    const again = await fresh.newPage()
    expect(await signInWithEmail(again, world, 'returning@example.com')).toBe(address)
    await fresh.close()
  })

  it('logs out everywhere: another signed-in browser is signed out on its next load', async () => {
    const laptop = await browser.newContext()
    const phone = await browser.newContext()
    const laptopPage = await laptop.newPage()
    const phonePage = await phone.newPage()
    await signInWithEmail(laptopPage, world, 'everywhere@example.com')
    await signInWithEmail(phonePage, world, 'everywhere@example.com')

    await openScreen(laptopPage, 'Settings')
    const sessions = laptopPage.getByRole('region', { name: 'Sessions' })
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(2)
    await sessions.getByText('This device').waitFor()
    await sessions.getByRole('button', { name: 'Log out everywhere' }).click()
    // Asked first, in words: every device will have to sign in again.
    const question = sessions.getByRole('alertdialog', { name: 'Log out everywhere?' })
    await question.getByText('Every device signed in to your account, this one included').waitFor()
    await saveScreenshot(laptopPage, 'session', 'log-out-everywhere-question')
    expect(await checkAccessibility(laptopPage)).toEqual([])
    await question.getByRole('button', { name: 'Log out everywhere' }).click()
    await signInHeading(laptopPage).waitFor()

    await phonePage.reload()
    await signInHeading(phonePage).waitFor({ timeout: 15_000 })
    await laptop.close()
    await phone.close()
  })

  it('keeps the refresh token out of page scripts’ reach (an HttpOnly cookie) and refreshes with the session key’s signature', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const address = await signInWithEmail(page, world, 'cookie-jar@example.com')
    const refreshCookie = async () =>
      (await context.cookies(new URL('/api/v1/sessions', world.walletUrl).href)).find((c) =>
        c.name.startsWith('satchel-refresh-token.'),
      )
    const first = await refreshCookie()
    expect(first).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' })
    const storage = () => page.evaluate(() => JSON.stringify(localStorage))
    expect(await storage()).not.toContain(first?.value)
    expect(await storage()).not.toContain('refreshToken')

    // Make the stored access token look expired: the SDK must refresh before its next call.
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.endsWith(':session')) ?? ''
      const session = JSON.parse(localStorage.getItem(key) ?? '{}')
      const [header, payload, signature] = String(session.token).split('.')
      const claims = JSON.parse(atob((payload ?? '').replaceAll('-', '+').replaceAll('_', '/')))
      claims.exp = Math.floor(Date.now() / 1000) - 60
      const encoded = btoa(JSON.stringify(claims))
        .replaceAll('+', '-')
        .replaceAll('/', '_')
        .replace(/=+$/, '')
      localStorage.setItem(key, JSON.stringify({ ...session, token: [header, encoded, signature].join('.') }))
    })
    const refreshes: Request[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/sessions')
        refreshes.push(request)
    })
    await page.reload()
    expect(await readHeaderAddress(page)).toBe(address)
    expect(refreshes).toHaveLength(1)
    const [refresh] = refreshes
    expect((await refresh?.allHeaders())?.['satchel-authorization-signature']).toMatch(/^[A-Za-z0-9+/]+=*$/)
    // The refresh token went as the cookie, not in the body (which names only the signing key); the
    // cookie was rotated.
    expect(Object.keys(JSON.parse(refresh?.postData() ?? '{}'))).toEqual(['session_public_key'])
    expect((await refreshCookie())?.value).not.toBe(first?.value)
    expect(await storage()).not.toContain('refreshToken')
    await context.close()
  })

  it('a browser whose site data (and so its session key) was cleared is told to sign in again, without retrying', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInWithEmail(page, world, 'cleared@example.com')
    // Deleted once the page lets go of it (the reload); the next page's open waits for that.
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
    await signInHeading(page).waitFor()
    await page.getByRole('status').filter({ hasText: 'Sign in again to continue' }).waitFor()
    await page.waitForTimeout(2_000)
    expect(refreshes).toEqual([])
    await context.close()
  })
})
