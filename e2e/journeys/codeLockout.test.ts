import { describe, expect, it } from 'vitest'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { readOutboxCode } from '../support/readOutboxCode'
import { saveScreenshot } from '../support/saveScreenshot'
import { readHeaderAddress, requestEmailCode } from '../support/walletSteps'

setUpJourney()

describe('the code lockout', () => {
  it('after five wrong codes the right one is told to request a new code, and the new code signs in', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    const email = 'fumbles@example.com'
    const code = await requestEmailCode(page, world, email)
    const wrong = code === '000000' ? '111111' : '000000'

    const alert = page.getByRole('alert')
    for (let i = 1; i <= 4; i++) {
      await page.getByLabel('Code').fill(wrong)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect.poll(() => alert.textContent()).toContain('wrong or has expired')
      await page.getByLabel('Code').fill('')
    }
    await page.getByLabel('Code').fill(wrong)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await alert.getByText('Too many tries — request a new code.').waitFor()
    // Sign in is gone: the right code could not work any more, and trying it is not offered.
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0)
    await saveScreenshot(page, 'code-lockout', 'too-many-tries')

    await page.getByRole('button', { name: 'Request a new code' }).click()
    const fresh = await readFreshCode(context, email, code)
    await page.getByLabel('Code').fill(fresh)
    await page.getByRole('button', { name: 'Sign in' }).click()
    expect(await readHeaderAddress(page)).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await context.close()
  })
})

/** The newest code in the outbox once it is not `old` (the resent message may take a moment). */
async function readFreshCode(
  context: Parameters<typeof readOutboxCode>[0],
  email: string,
  old: string,
): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = await readOutboxCode(context, world.outboxUrl, email)
    if (code !== old) return code
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`No new code for ${email}`)
}
