import { formatAddress, LOCAL_CHAIN_ID } from '@satchel/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ExternalWallet,
  startExternalWallet,
} from '../../packages/react/test/walletconnect/startExternalWallet'
import { checkAccessibility } from '../support/checkAccessibility'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import { openScreen, signInWithEmail } from '../support/walletSteps'

// Issue 9, dApp role, in the web wallet: Settings shows a WalletConnect QR code and link, a phone
// wallet (a real @reown/walletkit wallet here, in Node) approves through the devnet's loopback relay
// and signs the Sign-In with Ethereum message, and the wallet appears among the ways to sign in; it is
// unlinked from there, and the last way in left cannot be.

let external: ExternalWallet
setUpJourney()
beforeAll(async () => {
  external = await startExternalWallet({
    relayUrl: world.devnet.urls.relay,
    chainId: LOCAL_CHAIN_ID,
    rpcUrl: world.devnet.urls.chains[LOCAL_CHAIN_ID] ?? '',
  })
})
afterAll(async () => {
  await external?.close()
})

describe('linking an external wallet with WalletConnect', () => {
  it('shows a QR code and a wc: link, lists the wallet once the phone wallet approves and signs, and unlinks it', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInWithEmail(page, world, 'walletconnect@example.com')
    await openScreen(page, 'Settings')
    const ways = page.getByRole('region', { name: 'Ways to sign in' })

    await ways.getByRole('button', { name: 'Link a wallet with WalletConnect' }).click()
    const linking = page.getByRole('region', { name: 'Link a wallet with WalletConnect' })
    await linking
      .getByRole('img', { name: 'QR code with the WalletConnect link' })
      .waitFor({ timeout: 30_000 })
    const uri = await linking.getByRole('textbox', { name: 'WalletConnect link', exact: true }).inputValue()
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(await linking.getByRole('link', { name: 'Open in a wallet app' }).getAttribute('href')).toBe(uri)
    await linking.getByText('Waiting for your wallet to approve…').waitFor()
    await saveScreenshot(page, 'link-walletconnect', 'qr-code')
    expect(await checkAccessibility(page)).toEqual([])

    await external.approve(uri)
    await ways.getByText('Wallet linked: it is listed above').waitFor({ timeout: 30_000 })
    await ways
      .getByRole('listitem')
      .getByText(`Wallet ${formatAddress(external.address)}`)
      .waitFor()
    expect(external.requests).toEqual(['personal_sign'])
    await saveScreenshot(page, 'link-walletconnect', 'linked')
    // The session did its job: the app let it go, and the phone wallet was told.
    await expect.poll(() => Object.keys(external.kit.getActiveSessions()).length, { timeout: 20_000 }).toBe(0)

    // Unlinked from the same list: the wallet is gone, here and on the server after a reload.
    const walletName = `Wallet ${formatAddress(external.address)}`
    await ways.getByRole('button', { name: `Unlink ${walletName}` }).click()
    // Asked first; the sign-in is recent, so no "Confirm it's you" is needed.
    await ways
      .getByRole('alertdialog', { name: `Unlink ${walletName}?` })
      .getByRole('button', { name: 'Unlink', exact: true })
      .click()
    await ways.getByText(`Unlinked ${walletName}`).waitFor({ timeout: 20_000 })
    await ways.getByRole('listitem').getByText(walletName).waitFor({ state: 'detached' })
    await page.reload()
    await ways.getByRole('listitem').getByText('Email walletconnect@example.com').waitFor({ timeout: 30_000 })
    expect(await ways.getByRole('listitem').allTextContents()).toEqual([
      'Email walletconnect@example.comUnlink',
    ])
    // The email is now the last way in: the server keeps it and the page says why, in words.
    await ways.getByRole('button', { name: 'Unlink Email walletconnect@example.com' }).click()
    await ways
      .getByRole('alertdialog', { name: 'Unlink Email walletconnect@example.com?' })
      .getByRole('button', { name: 'Unlink', exact: true })
      .click()
    await ways
      .getByRole('alert')
      .getByText('The last way to sign in cannot be unlinked')
      .waitFor({ timeout: 20_000 })
    expect(await ways.getByRole('listitem').count()).toBe(1)
    await saveScreenshot(page, 'link-walletconnect', 'unlinked')
    await context.close()
  })
})
