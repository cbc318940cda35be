import { readFile } from 'node:fs/promises'
import { Secret, TOTP } from 'otpauth'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import { openScreen, signInWithEmail } from '../support/walletSteps'

setUpJourney()

const EMAIL = 'two-keys@example.com'
const PASSCODE = 'Harbour-lights-83-slow-tide'

/** Passes the "Confirm it's you" prompt with a backup code instead of the authenticator app. */
async function confirmWithBackupCode(page: Page, code: string): Promise<void> {
  const prompt = page.getByRole('form', { name: "Confirm it's you" })
  await prompt.getByRole('radio', { name: 'Backup code' }).check()
  await prompt.getByRole('textbox', { name: 'Backup code' }).fill(code)
  await prompt.getByRole('button', { name: 'Confirm' }).click()
}

describe('confirmations and backup codes', () => {
  it('TOTP gives 10 backup codes shown once; they pass MFA once each; destructive actions are asked first', async () => {
    const context = await browser.newContext({ acceptDownloads: true })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.devnet.urls.api })
    const page = await context.newPage()
    await signInWithEmail(page, world, EMAIL)
    await openScreen(page, 'Settings')

    // The authenticator app, then its backup codes: ten, with copy and download, shown this once.
    const mfa = page.getByRole('region', { name: 'Two-factor authentication' })
    await mfa.getByRole('button', { name: 'Set up an authenticator app' }).click()
    const secret = (await mfa.getByTestId('totp-secret').textContent()) ?? ''
    const totp = new TOTP({ secret: Secret.fromBase32(secret) })
    await mfa.getByLabel('Code from your authenticator app').fill(totp.generate())
    await mfa.getByRole('button', { name: 'Turn on' }).click()
    const shown = mfa.getByRole('region', { name: 'Your backup codes' })
    const list = shown.getByRole('list', { name: 'Backup codes' })
    await list.waitFor()
    const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim())
    expect(codes).toHaveLength(10)
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/)
    await shown.getByRole('button', { name: 'Copy all codes' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'))
    const downloading = page.waitForEvent('download')
    await shown.getByRole('button', { name: 'Download' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('satchel-backup-codes.txt')
    const file = await readFile((await download.path()) ?? '', 'utf8')
    for (const code of codes) expect(file).toContain(code)
    await saveScreenshot(page, 'confirmations', 'backup-codes')
    expect(await checkAccessibility(page)).toEqual([])
    await shown.getByRole('button', { name: 'I saved them' }).click()
    expect(await page.content()).not.toContain(codes[0])
    await mfa.getByText('10 of 10 left').waitFor()

    // Setting a passcode is an MFA change: a backup code passes in place of the app's code.
    const recovery = page.getByRole('region', { name: 'Recovery passcode' })
    await recovery.getByLabel('Passcode', { exact: true }).fill(PASSCODE)
    await recovery.getByRole('button', { name: 'Set passcode' }).click()
    await confirmWithBackupCode(page, codes[0] ?? '')
    await recovery.getByText('Status: Set, unlocked on this device').waitFor()
    await context.close()

    // Another device (a new session, no fresh second factor yet).
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const phone = await other.newPage()
    await signInWithEmail(phone, world, EMAIL)
    // The new session lands locked and is asked for the passcode at once; the person unlocks.
    const unlock = phone.getByRole('dialog', { name: 'Unlock your wallet' })
    await unlock.getByLabel('Recovery passcode').fill(PASSCODE)
    await unlock.getByRole('button', { name: 'Unlock' }).click()
    await unlock.waitFor({ state: 'hidden', timeout: 20_000 })
    await openScreen(phone, 'Settings')

    // Unlinking the only email: asked first, with what it would mean; Cancel leaves it.
    const ways = phone.getByRole('region', { name: 'Ways to sign in' })
    await ways.getByRole('button', { name: `Unlink Email ${EMAIL}` }).click()
    const unlink = ways.getByRole('alertdialog', { name: `Unlink Email ${EMAIL}?` })
    await unlink.getByText('You will no longer be able to sign in with it.').waitFor()
    await unlink.getByRole('button', { name: 'Cancel' }).click()
    await unlink.waitFor({ state: 'detached' })

    // Removing the passcode: asked, then the second factor; a spent backup code is refused.
    const lock = phone.getByRole('region', { name: 'Recovery passcode' })
    await lock.getByRole('button', { name: 'Remove passcode' }).click()
    const removal = lock.getByRole('alertdialog', { name: 'Remove the recovery passcode?' })
    await removal.getByText('New sign-ins will be able to use your wallet without it.').waitFor()
    await saveScreenshot(phone, 'confirmations', 'remove-passcode-question')
    await removal.getByRole('button', { name: 'Remove passcode' }).click()
    await confirmWithBackupCode(phone, codes[0] ?? '')
    const prompt = phone.getByRole('form', { name: "Confirm it's you" })
    await prompt.getByRole('alert').getByText('The backup code is wrong or was already used').waitFor()
    await saveScreenshot(phone, 'confirmations', 'spent-backup-code')
    await prompt.getByRole('textbox', { name: 'Backup code' }).fill(codes[1] ?? '')
    await prompt.getByRole('button', { name: 'Confirm' }).click()
    await lock.getByText('Status: Not set').waitFor({ timeout: 20_000 })
    // Two codes spent: the count, read when Settings opens, says so.
    await openScreen(phone, 'Home')
    await openScreen(phone, 'Settings')
    await phone.getByRole('region', { name: 'Two-factor authentication' }).getByText('8 of 10 left').waitFor()

    // Logging out everywhere: asked, naming the consequence, then done (the factor is still fresh).
    const sessions = phone.getByRole('region', { name: 'Sessions' })
    await sessions.getByRole('button', { name: 'Log out everywhere' }).click()
    const everywhere = sessions.getByRole('alertdialog', { name: 'Log out everywhere?' })
    await everywhere.getByText('Every device signed in to your account, this one included').waitFor()
    await saveScreenshot(phone, 'confirmations', 'log-out-everywhere-question')
    expect(await checkAccessibility(phone)).toEqual([])
    await everywhere.getByRole('button', { name: 'Log out everywhere' }).click()
    await phone.getByRole('heading', { name: 'Sign in to Satchel Wallet' }).waitFor({ timeout: 20_000 })
    await other.close()
  })
})
