import type { BrowserContext, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { expect } from 'vitest'
import { readOutboxCode } from './readOutboxCode'

/**
 * Signs in on the wallet's sign-in screen with an email code read from the outbox, and waits for the
 * signed-in home with the wallet's address in the header.
 *
 * @example
 * const address = await signInWithEmail(page, world, 'ada@example.com')
 */
export async function signInWithEmail(
  page: Page,
  world: { walletUrl: string; outboxUrl: string },
  email: string,
): Promise<string> {
  const code = await requestEmailCode(page, world, email)
  await page.getByLabel('Code').fill(code)
  await page.getByRole('button', { name: 'Sign in' }).click()
  return readHeaderAddress(page)
}

/**
 * Opens the wallet's sign-in, asks for an email code for `email` and answers it from the outbox.
 *
 * @example
 * const code = await requestEmailCode(page, world, 'ada@example.com')
 */
export async function requestEmailCode(
  page: Page,
  world: { walletUrl: string; outboxUrl: string },
  email: string,
): Promise<string> {
  const context: BrowserContext = page.context()
  await page.goto(world.walletUrl)
  await page.getByRole('radio', { name: 'Email' }).check()
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.getByLabel('Code').waitFor()
  return readOutboxCode(context, world.outboxUrl, email)
}

/**
 * The full address of the signed-in wallet, from the header chip (which shows first 5 + last 4).
 *
 * @example
 * const address = await readHeaderAddress(page)
 */
export async function readHeaderAddress(page: Page): Promise<string> {
  const chip = page.locator('header [data-address]')
  await chip.waitFor({ timeout: 30_000 })
  const address = await chip.getAttribute('data-address')
  if (!address || !/^0x[0-9a-fA-F]{40}$/.test(address))
    throw new Error(`No wallet address in the header: ${address}`)
  return address
}

// Screens reached from Home's round buttons rather than from the main navigation.
const QUICK_ACTIONS = new Set(['Send', 'Receive', 'Buy'])

/**
 * Goes to a screen the way a person does, through the main navigation (the tab bar on a phone, the
 * rail on a desktop) or, for Send, Receive and Buy, Home's round buttons, and waits for its heading.
 *
 * @example
 * await openScreen(page, 'Settings')
 */
export async function openScreen(page: Page, name: string, heading = name): Promise<void> {
  const main = page.getByRole('navigation', { name: 'Main' })
  if (QUICK_ACTIONS.has(name)) {
    await main.getByRole('link', { name: 'Home', exact: true }).click()
    await page
      .getByRole('navigation', { name: 'Quick actions' })
      .getByRole('link', { name, exact: true })
      .click()
  } else await main.getByRole('link', { name, exact: true }).click()
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

/**
 * Buys `amount` of an asset on a chain with the sandbox's test card, the way a person does: Fund,
 * choose, pay in the checkout tab that opens, and wait on the wallet until the funds arrived.
 *
 * @example
 * await fundWithSandboxCard(page, { chain: 'Satchel Devnet', asset: 'USDC', amount: '25' })
 */
export async function fundWithSandboxCard(
  page: Page,
  {
    chain,
    asset,
    amount,
    screenshot,
  }: {
    chain: string
    asset: string
    amount: string
    screenshot?: (name: string, target: Page) => Promise<unknown>
  },
): Promise<void> {
  // From Home, so a previous purchase's status screen is not what opens.
  await openScreen(page, 'Home')
  await openScreen(page, 'Buy', 'Fund your wallet')
  await page.getByRole('group', { name: 'Chain' }).getByRole('radio', { name: chain, exact: true }).check()
  await page.getByRole('group', { name: 'Asset' }).getByRole('radio', { name: asset, exact: true }).check()
  await page.getByRole('radio', { name: /Sandbox card/ }).waitFor()
  await page.getByLabel('Or type an amount').fill(amount)
  await screenshot?.('fund', page)
  const checkoutOpened = page.context().waitForEvent('page')
  await page.getByRole('button', { name: `Buy ${amount} ${asset} with a card` }).click()
  const checkout = await checkoutOpened
  await checkout.getByRole('heading', { name: 'Sandbox checkout' }).waitFor()
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242')
  await screenshot?.('checkout', checkout)
  await checkout.getByRole('button', { name: 'Pay' }).click()
  await checkout.getByRole('heading', { name: 'Payment complete' }).waitFor()
  await checkout.close()
  await page.getByText('Your funds arrived.').waitFor({ timeout: 30_000 })
}

const isPrivateKey = (value: string): value is `0x${string}` => /^0x[0-9a-f]{64}$/.test(value)

/**
 * The private key an export shows, once it is on screen, checked to be the key of the wallet at
 * `address` (it derives the address the header shows).
 *
 * @example
 * const privateKey = await readExportedKey(page, address)
 */
export async function readExportedKey(page: Page, address: string): Promise<`0x${string}`> {
  const shown = page.getByTestId('exported-secret')
  await shown.waitFor({ timeout: 30_000 })
  const privateKey = ((await shown.textContent()) ?? '').trim()
  if (!isPrivateKey(privateKey)) throw new Error('The export did not show a private key')
  expect(privateKeyToAccount(privateKey).address).toBe(address)
  return privateKey
}
