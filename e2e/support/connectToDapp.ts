import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { openScreen } from './walletSteps'

/**
 * Opens the test dApp in `app`, asks it for a WalletConnect link (with its `connect` button: the
 * Solana one proposes a `solana` namespace), pastes the link into the wallet's Connections screen and
 * waits for the connection request there (not approved: the caller looks at it and answers). Answers
 * the request's region.
 *
 * @example
 * const proposal = await requestDappConnection(wallet, app, dapp.url)
 * await proposal.getByRole('button', { name: 'Approve' }).click()
 */
export async function requestDappConnection(
  wallet: Page,
  app: Page,
  dappUrl: string,
  connect = 'Connect a wallet',
) {
  await openScreen(wallet, 'Connections')
  await app.goto(dappUrl)
  await app.getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 })
  await app.getByRole('button', { name: connect }).click()
  const uriOutput = app.getByLabel('WalletConnect link')
  await expect.poll(() => uriOutput.textContent(), { timeout: 30_000 }).toMatch(/^wc:/)
  await wallet.getByLabel('WalletConnect link').fill((await uriOutput.textContent()) ?? '')
  await wallet.getByRole('button', { name: 'Connect', exact: true }).click()
  const proposal = wallet.getByRole('region', { name: 'Connection request' })
  await proposal.getByRole('heading', { name: 'Test dApp' }).waitFor({ timeout: 30_000 })
  return proposal
}
