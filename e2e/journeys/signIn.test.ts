import { formatAddress, maskPhone } from '@satchel/core'
import { describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { readOutboxCode } from '../support/readOutboxCode'
import { saveScreenshot } from '../support/saveScreenshot'
import { openScreen, readHeaderAddress, signInWithEmail } from '../support/walletSteps'

setUpJourney()

describe('email sign-in on the devnet', () => {
  it('signs a newcomer in with the code from the dev outbox and opens their new wallet', async () => {
    // A phone-sized screen with touch, where the layout and the menu's tap threshold matter most.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.devnet.urls.api })
    const page = await context.newPage()

    await page.goto(world.walletUrl)
    await page.getByRole('heading', { name: 'Sign in to Satchel Wallet' }).waitFor()
    expect(await page.getByRole('link', { name: 'dev outbox' }).getAttribute('href')).toBe(world.outboxUrl)
    // The methods the dev app enables, and nothing else.
    const methods = await page
      .getByRole('radio')
      .evaluateAll((inputs) => inputs.map((input) => input.parentElement?.textContent))
    expect(methods).toEqual(['Email', 'Phone', 'Passkey', 'Wallet', 'Guest'])
    await saveScreenshot(page, 'email-sign-in', 'sign-in')
    expect(await checkAccessibility(page)).toEqual([])

    // A typo is caught before any code is sent.
    await page.getByLabel('Email address').fill('ada@example')
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.getByText('Enter an email address such as name@example.com').waitFor()

    const address = await signInWithEmail(page, world, 'ada@example.com')
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor()
    // The header shows the address as its first 5 and last 4 characters, with a copy button.
    await expect.poll(() => page.locator('header').textContent()).toContain(formatAddress(address))
    await page.getByRole('button', { name: 'Copy wallet address' }).click()
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)

    // A new wallet: a total of $0.00, and ETH and USDC on both local chains and SOL and USDC on the
    // local Solana cluster, nothing on them yet.
    const tokens = page.getByRole('region', { name: 'Tokens' }).getByRole('listitem')
    await expect.poll(() => page.getByTestId('total-balance').textContent()).toBe('$0.00')
    await expect.poll(() => tokens.count()).toBe(6)
    expect(await tokens.filter({ hasText: 'Solana' }).allTextContents()).toEqual([
      expect.stringContaining('0 SOL'),
      expect.stringContaining('0 USDC'),
    ])
    expect(await tokens.filter({ hasText: 'Satchel Devnet Base' }).allTextContents()).toEqual([
      expect.stringContaining('0 ETH'),
      expect.stringContaining('0 USDC'),
    ])
    await page.getByText('No activity yet').waitFor()
    await saveScreenshot(page, 'email-sign-in', 'home')
    expect(await checkAccessibility(page)).toEqual([])

    // The account menu closes on a click outside it, on a tap outside it (a touch that moved 30 px or
    // less) but not on a scroll (a touch that moved more), and on Escape.
    const account = page.getByRole('button', { name: 'Account' })
    const who = page.getByText('Email ada@example.com')
    await account.click()
    await who.waitFor()
    await page.mouse.click(20, 780)
    await who.waitFor({ state: 'detached' })
    const touch = await context.newCDPSession(page)
    const swipe = async (from: number, to: number) => {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 20, y: from }] })
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 20, y: to }] })
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    }
    await account.click()
    await who.waitFor()
    await swipe(780, 700) // 80 px: a scroll
    await page.waitForTimeout(300)
    expect(await who.isVisible()).toBe(true)
    await swipe(780, 760) // 20 px: a tap
    await who.waitFor({ state: 'detached' })
    await account.click()
    await who.waitFor()
    await page.keyboard.press('Escape')
    await who.waitFor({ state: 'detached' })
    expect(await account.evaluate((element) => element === document.activeElement)).toBe(true)

    // Every screen of the navigation opens (each is its own lazily loaded chunk) and passes axe.
    for (const [name, heading] of [
      ['Receive', 'Receive'],
      ['Send', 'Send'],
      ['Buy', 'Fund your wallet'],
      ['Connections', 'Connections'],
      ['Settings', 'Settings'],
    ] as const) {
      await openScreen(page, name, heading)
      await page
        .getByRole('status')
        .filter({ hasText: /Loading|Finding|Reading/ })
        .waitFor({ state: 'detached' })
        .catch(() => {})
      await saveScreenshot(page, 'email-sign-in', name.toLowerCase())
      expect({ screen: name, violations: await checkAccessibility(page) }).toEqual({
        screen: name,
        violations: [],
      })
    }
    await context.close()
  })
})

describe('other ways in', () => {
  it('signs in by text message with the country picker, checking the number is possible there first', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(world.walletUrl)
    await page.getByRole('radio', { name: 'Phone' }).check()
    const country = page.getByLabel('Country')
    await country.waitFor()
    expect(await country.inputValue()).toBe('US')
    await country.selectOption({ label: 'United Kingdom (+44)' })
    // Too short for a UK number: refused before any text is sent.
    await page.getByLabel('Phone number').fill('0770')
    await page.getByRole('button', { name: 'Text me a code' }).click()
    await page.getByText('This is not a possible phone number in United Kingdom').waitFor()
    await page.getByLabel('Phone number').fill('07700 900123')
    await saveScreenshot(page, 'sms-sign-in', 'phone')
    expect(await checkAccessibility(page)).toEqual([])
    await page.getByRole('button', { name: 'Text me a code' }).click()
    await page.getByText('We sent a 6-digit code to +447700900123').waitFor()
    const code = await readOutboxCode(context, world.outboxUrl, '+447700900123')
    await page.getByLabel('Code').fill(code)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await readHeaderAddress(page)
    await openScreen(page, 'Settings')
    // The phone is shown masked: its last 4 digits only.
    expect(maskPhone('+447700900123')).toBe('•••••••••0123')
    await page.getByRole('region', { name: 'Ways to sign in' }).getByText('Phone •••••••••0123').waitFor()
    await context.close()
  })

  it('lets a guest in, and the same browser comes back to the same guest wallet', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(world.walletUrl)
    await page.getByRole('radio', { name: 'Guest' }).check()
    await page.getByRole('button', { name: 'Continue as guest' }).click()
    const address = await readHeaderAddress(page)
    await page.getByRole('button', { name: 'Account' }).click()
    await page.getByText('Guest account').waitFor()
    await page.getByRole('button', { name: 'Log out', exact: true }).click()
    await page.getByRole('radio', { name: 'Guest' }).check()
    await page.getByRole('button', { name: 'Continue as guest' }).click()
    expect(await readHeaderAddress(page)).toBe(address)
    await context.close()
  })
})
