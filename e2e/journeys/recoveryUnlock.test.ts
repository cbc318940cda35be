import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { lockWithPasscode } from '../support/lockWithPasscode'
import { saveScreenshot } from '../support/saveScreenshot'
import { openScreen, signInWithEmail } from '../support/walletSteps'

setUpJourney()

const FRIEND = '0x000000000000000000000000000000000000dEaD'
const PASSCODE = 'Lantern-orbit-42-quiet-ferns'

/** Sends 0.01 ETH to FRIEND from the send screen up to the review's Confirm. */
async function reviewSend(page: Page): Promise<void> {
  await openScreen(page, 'Send')
  await page.getByRole('group', { name: 'Asset' }).getByRole('radio', { name: 'ETH' }).check()
  await page.getByLabel('Recipient address').fill(FRIEND)
  await page.getByLabel('Amount (ETH)').fill('0.01')
  await page.getByRole('button', { name: 'Review' }).click()
  await page.getByText('No problem found.').waitFor({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Confirm and send' }).click()
}

describe('recovery passcode', () => {
  it('locks a new sign-in until the passcode is entered; a wrong one is refused in words', async () => {
    await lockWithPasscode(browser, world, 'lock@example.com', PASSCODE)

    // A fresh browser: same person, new session. Home says plainly that signing is blocked.
    const second = await browser.newContext()
    const fresh = await second.newPage()
    await signInWithEmail(fresh, world, 'lock@example.com')
    // The passcode is asked for at once (passcodeAtStart.test.ts); this person puts it off.
    await fresh
      .getByRole('dialog', { name: 'Unlock your wallet' })
      .getByRole('button', { name: 'Not now' })
      .click()
    const banner = fresh.getByRole('region', { name: 'Your wallet is locked on this device' })
    await banner.waitFor({ timeout: 20_000 })
    await saveScreenshot(fresh, 'recovery-unlock', 'home-locked')
    expect(await checkAccessibility(fresh)).toEqual([])

    // A send is refused by the server, and the wallet says why.
    await reviewSend(fresh)
    await fresh
      .getByText('Enter your recovery passcode to use your wallet on this device', { exact: false })
      .waitFor({ timeout: 20_000 })

    // Settings offers the same unlock form; a wrong passcode is refused in words.
    await openScreen(fresh, 'Settings')
    const settings = fresh.getByRole('region', { name: 'Recovery passcode' })
    await settings.getByText('Status: Set, locked on this device').waitFor()
    const unlock = settings.getByRole('form', { name: 'Unlock your wallet' })
    await unlock.getByLabel('Recovery passcode').fill('Not-the-passcode-99')
    await unlock.getByRole('button', { name: 'Unlock' }).click()
    await unlock.getByRole('alert').getByText('The recovery passcode is not correct').waitFor()
    await saveScreenshot(fresh, 'recovery-unlock', 'settings-wrong-passcode')
    expect(await checkAccessibility(fresh)).toEqual([])

    // The right passcode, from Home's banner this time: the banner goes and the send goes through.
    await openScreen(fresh, 'Home')
    await banner.getByLabel('Recovery passcode').fill(PASSCODE)
    await banner.getByRole('button', { name: 'Unlock' }).click()
    await banner.waitFor({ state: 'detached', timeout: 20_000 })
    await reviewSend(fresh)
    await fresh.getByRole('heading', { name: 'Sent' }).waitFor({ timeout: 30_000 })
    await fresh.getByText(/0\.01 ETH sent on Satchel Devnet \(block \d+\)/).waitFor({ timeout: 30_000 })
    await openScreen(fresh, 'Settings')
    await settings.getByText('Status: Set, unlocked on this device').waitFor()
    await second.close()
  })
})
