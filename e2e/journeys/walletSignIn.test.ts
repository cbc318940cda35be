import { formatAddress, LOCAL_CHAIN_ID } from '@satchel/core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { injectTestSolanaWallet } from '../support/injectTestSolanaWallet'
import { injectTestWallet } from '../support/injectTestWallet'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import { openScreen, readHeaderAddress } from '../support/walletSteps'

setUpJourney()

describe('sign-in with a browser wallet', () => {
  it('says so when the page has no browser wallet', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(world.walletUrl)
    await page.getByRole('radio', { name: 'Wallet' }).check()
    await page.getByText('No browser wallet found on this page.').waitFor()
    expect(await checkAccessibility(page)).toEqual([])
    await context.close()
  })

  it('signs in with an EIP-6963 wallet by a real SIWE signature, after the person first declines', async () => {
    // A phone-sized screen: the screens must work (and pass axe) there too.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    const account = privateKeyToAccount(generatePrivateKey())
    const wallet = await injectTestWallet(page, {
      account,
      name: 'Test Wallet',
      chainId: LOCAL_CHAIN_ID,
      rejectSignatures: 1,
    })
    await page.goto(world.walletUrl)
    await page.getByRole('radio', { name: 'Wallet' }).check()
    const button = page.getByRole('button', { name: 'Sign in with Test Wallet' })
    await button.waitFor()
    await saveScreenshot(page, 'wallet-sign-in', 'choose-wallet')
    expect(await checkAccessibility(page)).toEqual([])

    // Declined in the wallet: said in words, and nothing signed in.
    await button.click()
    await page.getByRole('alert').getByText('You declined the sign-in request in your wallet.').waitFor()
    await saveScreenshot(page, 'wallet-sign-in', 'declined')
    expect(await checkAccessibility(page)).toEqual([])

    await button.click()
    const address = await readHeaderAddress(page)
    // The embedded wallet is a new one; the browser wallet is the way in, listed in Settings.
    expect(address.toLowerCase()).not.toBe(account.address.toLowerCase())
    expect(wallet.calls.personal_sign).toBe(2)
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor()
    await openScreen(page, 'Settings')
    await page
      .getByRole('region', { name: 'Ways to sign in' })
      .getByText(formatAddress(account.address))
      .waitFor()
    await context.close()
  })

  it('signs in with a Solana wallet (Wallet Standard) by a real SIWS signature, after the person first declines', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const wallet = await injectTestSolanaWallet(page, { name: 'Test Solana Wallet', rejectSignatures: 1 })
    await page.goto(world.walletUrl)
    await page.getByRole('radio', { name: 'Wallet' }).check()
    const button = page.getByRole('button', { name: 'Sign in with Test Solana Wallet (Solana)' })
    await button.waitFor()
    await saveScreenshot(page, 'wallet-sign-in', 'choose-solana-wallet')
    expect(await checkAccessibility(page)).toEqual([])

    await button.click()
    await page.getByRole('alert').getByText('You declined the sign-in request in your wallet.').waitFor()

    await button.click()
    await readHeaderAddress(page)
    expect(wallet.calls.signMessage).toBe(2)
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor()
    await openScreen(page, 'Settings')
    await page
      .getByRole('region', { name: 'Ways to sign in' })
      .getByText(formatAddress(wallet.address))
      .waitFor()
    await context.close()
  })
})
