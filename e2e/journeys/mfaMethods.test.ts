import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { addVirtualAuthenticator } from '../support/addVirtualAuthenticator'
import { checkAccessibility } from '../support/checkAccessibility'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { readOutboxCode } from '../support/readOutboxCode'
import { saveScreenshot } from '../support/saveScreenshot'
import { openScreen, readExportedKey, signInWithEmail } from '../support/walletSteps'

setUpJourney()

/** Reads the exported key from the screen and checks it is this wallet's, then hides it. */
async function expectExportOf(page: Page, address: string): Promise<void> {
  await readExportedKey(page, address)
  await page.getByRole('button', { name: 'I saved it, hide it' }).click()
  expect(await page.getByTestId('exported-secret').count()).toBe(0)
}

describe('second factors by text message and by passkey', () => {
  it('enrols a phone with a texted code, then an export asks for a new texted code', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const address = await signInWithEmail(page, world, 'texts@example.com')
    await openScreen(page, 'Settings')
    const mfa = page.getByRole('region', { name: 'Two-factor authentication' })
    await mfa.getByText('Not set up.').waitFor()

    await mfa.getByRole('button', { name: 'Set up text messages' }).click()
    const phone = '+14155550123'
    // A number that cannot exist is refused in words before any text is sent.
    await mfa.getByLabel('Phone number for codes').fill('+1 555')
    await mfa.getByRole('button', { name: 'Text me a code' }).click()
    await mfa.getByRole('alert').getByText('This phone number is not possible').waitFor()
    await mfa.getByLabel('Phone number for codes').fill(phone)
    await saveScreenshot(page, 'mfa-methods', 'sms-phone')
    expect(await checkAccessibility(page)).toEqual([])
    await mfa.getByRole('button', { name: 'Text me a code' }).click()
    await mfa.getByLabel('Code from the text message').waitFor()
    const enrolCode = await readOutboxCode(context, world.outboxUrl, phone)
    await mfa.getByLabel('Code from the text message').fill(enrolCode)
    await saveScreenshot(page, 'mfa-methods', 'sms-code')
    expect(await checkAccessibility(page)).toEqual([])
    await mfa.getByRole('button', { name: 'Turn on' }).click()
    await mfa.getByText('Text messages added.').waitFor()
    await mfa.getByRole('list', { name: 'Enrolled second factors' }).getByText('Text message').waitFor()

    // Export demands the factor: a code texted now (not the enrolment's) unlocks it.
    const exporting = page.getByRole('region', { name: 'Export private key' })
    await exporting.getByRole('button', { name: 'Export private key' }).click()
    const prompt = page.getByRole('form', { name: "Confirm it's you" })
    await prompt.getByRole('button', { name: 'Text me a code' }).click()
    await prompt.getByRole('button', { name: 'Text me a new code' }).waitFor()
    const verifyCode = await readOutboxCode(context, world.outboxUrl, phone)
    expect(verifyCode).not.toBe(enrolCode)
    await prompt.getByLabel('Code from the text message').fill(verifyCode)
    await saveScreenshot(page, 'mfa-methods', 'sms-verify')
    expect(await checkAccessibility(page)).toEqual([])
    await prompt.getByRole('button', { name: 'Confirm' }).click()
    await expectExportOf(page, address)

    // Removing the factor takes the verification just made (the server asks for one within 15 minutes).
    await mfa.getByRole('button', { name: 'Remove Text message' }).click()
    await mfa.getByText('Text message removed.').waitFor()
    await mfa.getByText('Not set up.').waitFor()
    await context.close()
  })

  it('turns a new passkey on as a second factor, then an export asks for that passkey', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const authenticator = await addVirtualAuthenticator(page)
    const address = await signInWithEmail(page, world, 'keys@example.com')
    await openScreen(page, 'Settings')
    const mfa = page.getByRole('region', { name: 'Two-factor authentication' })

    await mfa.getByRole('button', { name: 'Create a passkey for a second factor' }).click()
    await mfa.getByText('Passkey added as a second factor.').waitFor({ timeout: 30_000 })
    await mfa.getByRole('list', { name: 'Enrolled second factors' }).getByText('Passkey').waitFor()
    expect(await authenticator.credentialCount()).toBe(1)
    await saveScreenshot(page, 'mfa-methods', 'passkey-enrolled')
    expect(await checkAccessibility(page)).toEqual([])

    // A further factor needs the existing one first: the passkey prompt stands in front of it.
    await mfa.getByRole('button', { name: 'Set up an authenticator app' }).click()
    const stepUp = page.getByRole('form', { name: "Confirm it's you" })
    await stepUp.getByText('Adding a second factor needs one you already have.').waitFor()
    await stepUp.getByRole('button', { name: 'Cancel' }).click()

    const exporting = page.getByRole('region', { name: 'Export private key' })
    await exporting.getByRole('button', { name: 'Export private key' }).click()
    const prompt = page.getByRole('form', { name: "Confirm it's you" })
    await prompt.getByRole('button', { name: 'Use your passkey' }).waitFor()
    expect(await page.getByTestId('exported-secret').count()).toBe(0)
    await saveScreenshot(page, 'mfa-methods', 'passkey-verify')
    expect(await checkAccessibility(page)).toEqual([])
    await prompt.getByRole('button', { name: 'Use your passkey' }).click()
    await expectExportOf(page, address)
    await context.close()
  })
})
