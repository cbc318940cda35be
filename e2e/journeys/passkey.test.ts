import { describe, expect, it } from 'vitest'
import { addVirtualAuthenticator } from '../support/addVirtualAuthenticator'
import { checkAccessibility } from '../support/checkAccessibility'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import { openScreen, readHeaderAddress, signInWithEmail } from '../support/walletSteps'

setUpJourney()

const logOut = async (page: import('playwright-core').Page) => {
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('button', { name: 'Log out', exact: true }).click()
  await page.getByRole('heading', { name: 'Sign in to Satchel Wallet' }).waitFor()
}

describe('passkeys', () => {
  it('creates an account with a passkey, logs out, and signs back in to the same wallet with it', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const authenticator = await addVirtualAuthenticator(page)
    await page.goto(world.walletUrl)
    await page.getByRole('radio', { name: 'Passkey' }).check()
    await saveScreenshot(page, 'passkey', 'sign-in')
    expect(await checkAccessibility(page)).toEqual([])

    await page.getByRole('button', { name: 'Create an account with a passkey' }).click()
    const address = await readHeaderAddress(page)
    expect(await authenticator.credentialCount()).toBe(1)
    await openScreen(page, 'Settings')
    await page
      .getByRole('region', { name: 'Ways to sign in' })
      .getByText(/^Passkey/)
      .waitFor()

    await logOut(page)
    await page.getByRole('radio', { name: 'Passkey' }).check()
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    expect(await readHeaderAddress(page)).toBe(address)
    await saveScreenshot(page, 'passkey', 'home')
    await context.close()
  })

  it('adds a passkey to an email account in Settings, then signs in with it instead of a code', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const authenticator = await addVirtualAuthenticator(page)
    const address = await signInWithEmail(page, world, 'keyholder@example.com')
    await openScreen(page, 'Settings')
    const ways = page.getByRole('region', { name: 'Ways to sign in' })
    await ways.getByRole('button', { name: 'Add a passkey' }).click()
    await ways.getByText('Passkey added: you can sign in with it next time').waitFor()
    await ways
      .getByRole('listitem')
      .getByText(/^Passkey/)
      .waitFor()
    expect(await authenticator.credentialCount()).toBe(1)

    await logOut(page)
    await page.getByRole('radio', { name: 'Passkey' }).check()
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    expect(await readHeaderAddress(page)).toBe(address)
    await context.close()
  })
})
