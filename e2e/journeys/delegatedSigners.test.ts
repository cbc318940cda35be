import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import { openScreen, signInWithEmail } from '../support/walletSteps'

setUpJourney()

/** An app server's P-256 key pair, as an app would make it: the public half is what it shows the user. */
function makeServerKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  if (typeof jwk.x !== 'string') throw new Error('no x in the JWK')
  return {
    publicJwk: JSON.stringify(jwk),
    privateJwk: JSON.stringify(privateKey.export({ format: 'jwk' })),
    x: jwk.x,
  }
}

describe('delegated signers', () => {
  it('grants two app servers with consent, lists them, removes one, then revokes the rest', async () => {
    // A phone-sized screen: the screens must work (and pass axe) there too.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    await signInWithEmail(page, world, 'delegate@example.com')
    await openScreen(page, 'Settings')
    const section = page.getByRole('region', { name: 'Delegated signers' })
    await section.getByText('No app can sign for you').waitFor()

    const first = makeServerKey()
    const second = makeServerKey()
    const consentForm = section.getByRole('form', { name: 'Allow an app’s server to sign' })
    const grant = async (key: string) => {
      await section.getByRole('button', { name: 'Allow an app’s server to sign…' }).click()
      await consentForm.getByLabel('The server’s public key (JWK, as the app shows it)').fill(key)
      await consentForm.getByRole('checkbox', { name: /I allow this server to sign for my wallet/ }).check()
      await consentForm.getByRole('button', { name: 'Allow' }).click()
    }

    // A private key pasted by mistake is refused before anything is sent; the form warns that a signer
    // without a policy could sign anything.
    await grant(first.privateJwk)
    await consentForm
      .getByText('This is a private key. Ask the app for its public key; never share a private key.')
      .waitFor()
    await consentForm.getByText(/No policy chosen: the server will be able to sign anything/).waitFor()
    await saveScreenshot(page, 'delegated-signers', 'consent')
    expect(await checkAccessibility(page)).toEqual([])
    await consentForm.getByRole('button', { name: 'Cancel' }).click()

    await grant(first.publicJwk)
    await section.getByText('The app’s server can now sign for this wallet.').waitFor()
    await grant(second.publicJwk)
    const firstName = `Server key ${first.x.slice(0, 8)}…`
    const secondName = `Server key ${second.x.slice(0, 8)}…`
    await section.getByText(secondName).waitFor()

    // The list is the server's: a reload shows both, each without a policy.
    await page.reload()
    await section.getByText(firstName).waitFor({ timeout: 20_000 })
    await section.getByText(secondName).waitFor()
    expect(await section.getByText('No policy: it may sign anything for this wallet.').count()).toBe(2)
    await saveScreenshot(page, 'delegated-signers', 'list')
    expect(await checkAccessibility(page)).toEqual([])

    await section.getByRole('button', { name: `Remove ${firstName}` }).click()
    await section.getByText(`Removed ${firstName}.`).waitFor()
    const listed = (name: string) => section.getByRole('listitem').filter({ hasText: name })
    await listed(firstName).waitFor({ state: 'detached' })
    await listed(secondName).waitFor()

    await section.getByRole('button', { name: 'Revoke all 1 delegated signer' }).click()
    await section.getByText('Revoked 1 delegated signer.').waitFor()
    await section.getByText('No app can sign for you').waitFor()
    await page.reload()
    await section.getByText('No app can sign for you').waitFor({ timeout: 20_000 })
    await saveScreenshot(page, 'delegated-signers', 'empty')
    expect(await checkAccessibility(page)).toEqual([])
    await context.close()
  })
})
