import type { BrowserContext } from 'playwright-core'

/**
 * Reads the newest sign-in code sent to `recipient` from the dev outbox page, the way a person on the
 * devnet does: open the page, find the message to them, read its code (waiting for it to arrive).
 *
 * @example
 * const code = await readOutboxCode(context, world.outboxUrl, 'ada@example.com')
 */
export async function readOutboxCode(
  context: BrowserContext,
  outboxUrl: string,
  recipient: string,
  { timeoutMs = 15_000 }: { timeoutMs?: number } = {},
): Promise<string> {
  const page = await context.newPage()
  try {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      await page.goto(outboxUrl)
      // Newest first: the first message to this recipient holds the code just sent.
      const message = page.locator('li', { has: page.locator('strong', { hasText: recipient }) }).first()
      if ((await message.count()) > 0) {
        const code = (await message.locator('[aria-label="Code"]').textContent())?.trim()
        if (code && /^\d{6}$/.test(code)) return code
      }
      if (Date.now() > deadline) throw new Error(`No code for ${recipient} in the dev outbox`)
      await page.waitForTimeout(300)
    }
  } finally {
    await page.close()
  }
}
