import { describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { lockWithPasscode } from '../support/lockWithPasscode'
import { saveScreenshot } from '../support/saveScreenshot'
import { openScreen, signInWithEmail } from '../support/walletSteps'

setUpJourney()

const FRIEND = '0x000000000000000000000000000000000000bEEF'
const PASSCODE = 'Copper-kettle-17-green-moss'

describe('the recovery passcode at session start', () => {
  it('a new session that lands locked is asked for the passcode at once; unlocking at Confirm keeps the send', async () => {
    await lockWithPasscode(browser, world, 'early-lock@example.com', PASSCODE)

    // A phone, a new session: the passcode is asked for before anything else, over Home.
    const second = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const phone = await second.newPage()
    await signInWithEmail(phone, world, 'early-lock@example.com')
    const prompt = phone.getByRole('dialog', { name: 'Unlock your wallet' })
    await prompt.waitFor({ timeout: 20_000 })
    await saveScreenshot(phone, 'passcode-at-start', 'asked-at-start')
    expect(await checkAccessibility(phone)).toEqual([])

    // "Not now": the person looks around and starts a send while still locked.
    await prompt.getByRole('button', { name: 'Not now' }).click()
    await prompt.waitFor({ state: 'hidden' })
    await openScreen(phone, 'Send')
    await phone.getByRole('group', { name: 'Asset' }).getByRole('radio', { name: 'ETH' }).check()
    await phone.getByLabel('Recipient address').fill(FRIEND)
    await phone.getByLabel('Amount (ETH)').fill('0.02')
    await phone.getByRole('button', { name: 'Review' }).click()
    await phone.getByText('No problem found.').waitFor({ timeout: 20_000 })
    await phone.getByRole('button', { name: 'Confirm and send' }).click()
    const refused = phone.getByRole('alert').filter({ hasText: 'Enter your recovery passcode' })
    await refused.waitFor({ timeout: 20_000 })

    // Unlocking from there opens the prompt over the review: no screen change, nothing retyped.
    await refused.getByRole('button', { name: 'Unlock wallet' }).click()
    await prompt.getByLabel('Recovery passcode').fill(PASSCODE)
    await saveScreenshot(phone, 'passcode-at-start', 'unlock-over-send')
    await prompt.getByRole('button', { name: 'Unlock' }).click()
    await prompt.waitFor({ state: 'hidden', timeout: 20_000 })
    expect(await phone.getByRole('heading', { level: 1 }).textContent()).toBe('Send')
    await phone.getByText(FRIEND, { exact: false }).first().waitFor()
    await phone.getByRole('button', { name: 'Confirm and send' }).click()
    await phone.getByText(/0\.02 ETH sent on Satchel Devnet \(block \d+\)/).waitFor({ timeout: 30_000 })
    await saveScreenshot(phone, 'passcode-at-start', 'sent')

    // Another new page of the same session is unlocked: it is not asked again.
    const again = await second.newPage()
    await again.goto(world.walletUrl)
    await again.getByRole('heading', { level: 1, name: 'Home' }).waitFor()
    await again.waitForTimeout(1500)
    expect(await again.getByRole('dialog', { name: 'Unlock your wallet' }).isVisible()).toBe(false)
    await second.close()
  })
})
