import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { AXE_PATH } from './paths'

type AxeResult = {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[]
}

declare global {
  interface Window {
    axe?: { run(context: Document, options: object): Promise<AxeResult> }
  }
}

let source: Promise<string> | undefined

export type AxeViolation = { id: string; impact: string; help: string; targets: string[] }

/**
 * Runs axe-core on the page as it is now and answers the serious and critical violations (id, what
 * to fix, and where), so a test can expect none.
 *
 * @example
 * expect(await checkAccessibility(page)).toEqual([])
 */
export async function checkAccessibility(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window)
  // Evaluated through the DevTools protocol, which the wallet's Content-Security-Policy (no inline
  // scripts) rightly does not allow a <script> tag to do.
  source ??= readFile(AXE_PATH, 'utf8')
  if (!loaded) await page.evaluate(await source)
  return page.evaluate(async () => {
    const { axe } = window
    if (!axe) throw new Error('axe-core did not load')
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      }))
  })
}
