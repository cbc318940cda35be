import type { Page } from 'playwright-core'
import { DEVNET_OPERATOR_EMAIL } from '../../apps/devnet/src/startDevnet'
import { readOutboxCode } from './readOutboxCode'

/**
 * Signs in to the console (at `/console` of the devnet's API) as the devnet's owner operator with an
 * email code from the outbox, and picks the devnet's wallet app to manage (another email stops at the
 * Apps screen, where an operator it is not is told so).
 *
 * @example
 * await signInToConsole(page, world)
 */
export async function signInToConsole(
  page: Page,
  world: { walletUrl: string; outboxUrl: string; devnet: { appId: string } },
  email = DEVNET_OPERATOR_EMAIL,
): Promise<void> {
  await page.goto(new URL('/console/apps', world.walletUrl).href)
  await page.getByRole('heading', { name: 'Satchel console' }).waitFor()
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send code' }).click()
  const code = await readOutboxCode(page.context(), world.outboxUrl, email)
  await page.getByLabel(/Code sent to/).fill(code)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
  if (email !== DEVNET_OPERATOR_EMAIL) return
  await page.getByRole('button', { name: 'Manage Satchel Wallet' }).click()
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor()
}

/**
 * Goes to a console screen through its navigation and waits for its heading.
 *
 * @example
 * await openConsoleScreen(page, 'Webhooks')
 */
export async function openConsoleScreen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true }).click()
  await page.getByRole('heading', { level: 1, name }).waitFor()
}
