import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { ageSignIns } from '../support/ageSignIns'
import { checkAccessibility } from '../support/checkAccessibility'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { readOutboxCode } from '../support/readOutboxCode'
import { saveScreenshot } from '../support/saveScreenshot'
import { openScreen, readExportedKey, signInWithEmail } from '../support/walletSteps'

setUpJourney()

/** The authenticator app in the test: codes of the secret the wallet showed, at any moment. */
const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp,
  })

describe('two-factor authentication and export', () => {
  it('enrols an authenticator app by QR code, then exports the private key only after a code', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const address = await signInWithEmail(page, world, 'careful@example.com')
    await openScreen(page, 'Settings')

    const mfa = page.getByRole('region', { name: 'Two-factor authentication' })
    await mfa.getByRole('button', { name: 'Set up an authenticator app' }).click()
    await mfa.getByRole('img', { name: 'QR code to add Satchel to your authenticator app' }).waitFor()
    const secret = (await mfa.getByTestId('totp-secret').textContent()) ?? ''
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await saveScreenshot(page, 'mfa-export', 'totp-enrolment')
    expect(await checkAccessibility(page)).toEqual([])
    await mfa.getByLabel('Code from your authenticator app').fill(codeAt(secret, Date.now()))
    await mfa.getByRole('button', { name: 'Turn on' }).click()
    await mfa.getByText('Authenticator app added.').waitFor()
    await mfa.getByRole('list', { name: 'Enrolled second factors' }).getByText('Authenticator app').waitFor()

    // Export asks for the second factor first; cancelling shows nothing.
    const exporting = page.getByRole('region', { name: 'Export private key' })
    await exporting.getByRole('button', { name: 'Export private key' }).click()
    const prompt = page.getByRole('form', { name: "Confirm it's you" })
    await prompt.waitFor()
    await prompt.getByRole('button', { name: 'Cancel' }).click()
    expect(await page.getByTestId('exported-secret').count()).toBe(0)

    // A wrong code is refused in words and reveals nothing.
    await exporting.getByRole('button', { name: 'Export private key' }).click()
    await prompt.getByLabel('Code from your authenticator app').fill('000000')
    await prompt.getByRole('button', { name: 'Confirm' }).click()
    await prompt.getByRole('alert').waitFor()
    expect(await page.getByTestId('exported-secret').count()).toBe(0)
    await saveScreenshot(page, 'mfa-export', 'export-mfa-prompt')
    expect(await checkAccessibility(page)).toEqual([])

    // The enrolment's code cannot be replayed: the next one (accepted one step early) unlocks the export.
    await prompt.getByLabel('Code from your authenticator app').fill(codeAt(secret, Date.now() + 30_000))
    await prompt.getByRole('button', { name: 'Confirm' }).click()
    // It is this wallet's key: it derives the address the header shows.
    const privateKey = await readExportedKey(page, address)
    // No screenshot here: the key is on screen, and a screenshot would put it on disk.
    expect(await checkAccessibility(page)).toEqual([])

    // Shown once: hidden, it is gone from the page.
    await exporting.getByRole('button', { name: 'I saved it, hide it' }).click()
    expect(await page.getByTestId('exported-secret').count()).toBe(0)
    expect(await page.content()).not.toContain(privateKey.slice(2))
    await saveScreenshot(page, 'mfa-export', 'export-hidden')
    await context.close()
  })

  it('without a second factor, exports only after a recent login: an older sign-in confirms with a new code', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const address = await signInWithEmail(page, world, 'unhurried@example.com')
    await openScreen(page, 'Settings')
    // Ten minutes after signing in: the sign-in no longer shows it's still the person at the keyboard.
    await ageSignIns(world, 10)

    const exporting = page.getByRole('region', { name: 'Export private key' })
    await exporting.getByRole('button', { name: 'Export private key' }).click()
    const prompt = exporting.getByRole('form', { name: "Confirm it's you" })
    await prompt.getByText("Exporting your private key needs you to confirm it's you.").waitFor()
    expect(await page.getByTestId('exported-secret').count()).toBe(0)
    await prompt.getByRole('button', { name: 'Send the code' }).click()
    await prompt.getByLabel('Code from the email').waitFor()
    await saveScreenshot(page, 'mfa-export', 'export-confirm-its-you')
    expect(await checkAccessibility(page)).toEqual([])

    // A wrong code is refused in words and reveals nothing; the right one carries on with the export.
    await prompt.getByLabel('Code from the email').fill('000000')
    await prompt.getByRole('button', { name: 'Confirm' }).click()
    await prompt.getByRole('alert').getByText('The code is wrong or has expired').waitFor()
    expect(await page.getByTestId('exported-secret').count()).toBe(0)
    await prompt
      .getByLabel('Code from the email')
      .fill(await readOutboxCode(context, world.outboxUrl, 'unhurried@example.com'))
    await prompt.getByRole('button', { name: 'Confirm' }).click()
    await readExportedKey(page, address)
    await exporting.getByRole('button', { name: 'I saved it, hide it' }).click()
    await context.close()
  })
})
