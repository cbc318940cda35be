import type { Browser } from 'playwright-core'
import type { JourneyDevnet } from './startJourneyDevnet'
import { fundWithSandboxCard, openScreen, signInWithEmail } from './walletSteps'

/**
 * A person with some ETH who set a recovery passcode, on a device now closed: their next sign-in
 * anywhere lands locked.
 *
 * @example
 * await lockWithPasscode(browser, world, 'lock@example.com', 'Lantern-orbit-42-quiet-ferns')
 */
export async function lockWithPasscode(
  browser: Browser,
  world: JourneyDevnet,
  email: string,
  passcode: string,
): Promise<void> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInWithEmail(page, world, email)
  await fundWithSandboxCard(page, { chain: 'Satchel Devnet', asset: 'ETH', amount: '0.1' })
  await openScreen(page, 'Settings')
  const recovery = page.getByRole('region', { name: 'Recovery passcode' })
  await recovery.getByLabel('Passcode', { exact: true }).fill(passcode)
  await recovery.getByRole('button', { name: 'Set passcode' }).click()
  await recovery.getByText('Status: Set, unlocked on this device').waitFor()
  await context.close()
}
