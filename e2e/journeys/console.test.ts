import { createServer, type Server } from 'node:http'
import { Webhook } from 'standardwebhooks'
import { afterAll, describe, expect, it } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { openConsoleScreen, signInToConsole } from '../support/consoleSteps'
import { freePort } from '../support/freePort'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { saveScreenshot } from '../support/saveScreenshot'
import { signInWithEmail } from '../support/walletSteps'

setUpJourney()

/** A loopback webhook receiver: answers 200 and keeps what it was sent, with its headers. */
async function startReceiver() {
  const received: Array<{ headers: Record<string, string>; body: string }> = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]))
      received.push({ headers, body })
      response.writeHead(200).end('ok')
    })
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${port}/satchel-hooks`, received, close: () => server.close() }
}

let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined
afterAll(() => receiver?.close())

describe('the Satchel console', () => {
  it('an operator signs in, adds a webhook endpoint and sees the user.created delivery of a new sign-up', async () => {
    receiver = await startReceiver()
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signInToConsole(page, world)
    expect(await checkAccessibility(page)).toEqual([])
    await saveScreenshot(page, 'console', 'users-desktop')

    await openConsoleScreen(page, 'Webhooks')
    await page.getByLabel('URL').fill(receiver.url)
    await page.getByLabel('user.created').check()
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    // The signing secret is shown this once.
    const secret = (await page.locator('.secret').textContent())?.trim() ?? ''
    expect(secret).toMatch(/^whsec_/)
    await page.getByRole('button', { name: 'I stored it' }).click()

    // Someone new signs up in the wallet, in their own browser.
    const visitor = await browser.newContext()
    await signInWithEmail(await visitor.newPage(), world, 'console-newcomer@example.com')
    await visitor.close()

    const endpoint = page.getByRole('listitem').filter({ hasText: receiver.url })
    const delivery = endpoint.getByRole('listitem').filter({ hasText: 'user.created' })
    await delivery.getByText('succeeded').waitFor({ timeout: 60_000 })
    await delivery.getByText('HTTP 200').waitFor()
    // The receiver got it, signed by the Standard Webhooks scheme with the secret the console showed.
    const sent = receiver.received.find((one) => one.body.includes('console-newcomer@example.com'))
    expect(sent).toBeDefined()
    expect(new Webhook(secret).verify(sent?.body ?? '', sent?.headers ?? {})).toMatchObject({
      type: 'user.created',
    })
    expect(await checkAccessibility(page)).toEqual([])
    await saveScreenshot(page, 'console', 'webhooks-desktop')

    await page.setViewportSize({ width: 390, height: 844 })
    await saveScreenshot(page, 'console', 'webhooks-phone')
    await openConsoleScreen(page, 'Apps')
    expect(await checkAccessibility(page)).toEqual([])
    await saveScreenshot(page, 'console', 'apps-phone')
    await context.close()
  })

  it('refuses an uninvited person who signs in to the console, in words', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInToConsole(page, world, 'not-an-operator@example.com')
    await page.getByText('You are not an operator of this Satchel console').first().waitFor()
    await context.close()
  })
})
