import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { launchBrowser } from '../support/launchBrowser'
import { saveScreenshot } from '../support/saveScreenshot'
import { type JourneyDevnet, startJourneyDevnet } from '../support/startJourneyDevnet'
import { openScreen, readHeaderAddress, signInWithEmail } from '../support/walletSteps'

let world: JourneyDevnet
let browser: Browser
beforeAll(async () => {
  ;[world, browser] = await Promise.all([startJourneyDevnet(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await world?.stop()
})

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
})
