import { createServer, type Server } from 'node:http'
import type { Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, describe, expect, it } from 'vitest'
import { DEVNET_OPERATOR_EMAIL } from '../../apps/devnet/src/startDevnet'
import { ageSignIns } from '../support/ageSignIns'
import { checkAccessibility } from '../support/checkAccessibility'
import { openConsoleScreen, signInToConsole } from '../support/consoleSteps'
import { freePort } from '../support/freePort'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { readOutboxCode } from '../support/readOutboxCode'
import { saveScreenshot } from '../support/saveScreenshot'
import { saveScreenshots } from '../support/saveScreenshots'
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

/** The app's secrets as its backend reads them, with one of its secrets (HTTP Basic). */
async function listSecretsWith(secret: string) {
  const appId = world.devnet.appId
  const response = await fetch(new URL('/api/v1/apps/secrets', world.walletUrl), {
    headers: { authorization: `Basic ${btoa(`${appId}:${secret}`)}`, 'satchel-app-id': appId },
  })
  const body = (await response.json()) as {
    data?: Array<{ prefix: string; access: string; current: boolean }>
  }
  return { status: response.status, secrets: body.data ?? [] }
}

/** Answers the console's "Confirm it's you" with a fresh code from the outbox. */
async function confirmItsYou(page: Page, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' })
  await dialog.getByRole('button', { name: 'Send code' }).click()
  await dialog
    .getByLabel('Code from your email')
    .fill(await readOutboxCode(page.context(), world.outboxUrl, email))
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await dialog.waitFor({ state: 'detached' })
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

  it('an owner makes an app secret, sees it once, the backend calls with it, and it is deleted after confirming', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(world.walletUrl).origin,
    })
    const page = await context.newPage()
    await signInToConsole(page, world)
    await openConsoleScreen(page, 'App secrets')
    await page.getByText('Full access').first().waitFor()

    await page.getByLabel('Read-only').check()
    await page.getByRole('button', { name: 'Make secret' }).click()
    await page.getByText('Copy it now: it will not be shown again.').waitFor()
    const secret = (await page.locator('.secret').textContent())?.trim() ?? ''
    expect(secret).toMatch(/^sk_/)
    await page.getByRole('button', { name: 'Copy secret' }).click()
    await page.getByText('Copied').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
    expect(page.url()).not.toContain(secret)
    expect(await checkAccessibility(page)).toEqual([])
    await saveScreenshots(page, 'console', 'secret-shown')

    // The app's backend calls with it: it reads, and it is the secret it called with.
    const read = await listSecretsWith(secret)
    expect(read.status).toBe(200)
    expect(read.secrets.find((one) => one.current)).toMatchObject({
      prefix: secret.slice(0, 8),
      access: 'read_only',
    })

    // Shown once: dismissed, it is gone, and coming back shows only its prefix, now used.
    await page.getByRole('button', { name: 'I stored it' }).click()
    expect(await page.getByText(secret).count()).toBe(0)
    await openConsoleScreen(page, 'Users')
    await openConsoleScreen(page, 'App secrets')
    const item = page.getByRole('listitem').filter({ hasText: `${secret.slice(0, 8)}…` })
    await item.getByText('last used').waitFor()
    expect(await page.getByText(secret).count()).toBe(0)

    // The app's one full-access secret cannot go: the server says why.
    expect(read.secrets.filter((one) => one.access === 'full')).toHaveLength(1)
    const full = page.getByRole('listitem').filter({ hasText: 'Full access' })
    await full.getByRole('button', { name: /^Delete secret/ }).click()
    await full.getByRole('button', { name: 'Yes, delete' }).click()
    await full
      .getByText("The app's last full-access secret cannot be deleted: create another one first")
      .waitFor()

    // Deleting asks first, naming the prefix; signed in 10 minutes ago, the console asks for a code.
    await item.getByRole('button', { name: `Delete secret ${secret.slice(0, 8)}` }).click()
    await item.getByText(`Delete the read-only secret ${secret.slice(0, 8)}…?`).waitFor()
    await item.getByRole('button', { name: 'Keep' }).click()
    expect(await item.getByRole('button', { name: 'Yes, delete' }).count()).toBe(0)
    await ageSignIns(world, 10)
    await item.getByRole('button', { name: `Delete secret ${secret.slice(0, 8)}` }).click()
    await item.getByRole('button', { name: 'Yes, delete' }).click()
    await confirmItsYou(page, DEVNET_OPERATOR_EMAIL)
    await item.waitFor({ state: 'detached' })
    expect((await listSecretsWith(secret)).status).toBe(401)
    await saveScreenshots(page, 'console', 'secrets')
    await context.close()
  })

  it('an owner adds a viewer, who reads every screen but is offered no change, then removes them', async () => {
    const viewerEmail = 'console-viewer@example.com'
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signInToConsole(page, world)
    await openConsoleScreen(page, 'Operators')
    const self = page.getByRole('listitem').filter({ hasText: DEVNET_OPERATOR_EMAIL })
    await self.getByText('You', { exact: true }).waitFor()
    await page.getByLabel('Email', { exact: true }).fill('not an email')
    await page.getByText('not an email is not an email address').waitFor()
    await page.getByLabel('Email', { exact: true }).fill(viewerEmail)
    await page.getByLabel('Role').selectOption('viewer')
    await page.getByRole('button', { name: 'Add operator' }).click()
    const viewer = page.getByRole('listitem').filter({ hasText: viewerEmail })
    await viewer.getByText('not signed in yet').waitFor()
    await viewer.getByText('Viewer', { exact: true }).waitFor()

    // The last owner cannot remove themselves: the server says so.
    await self.getByRole('button', { name: `Remove ${DEVNET_OPERATOR_EMAIL}` }).click()
    await self.getByText(`Remove yourself (${DEVNET_OPERATOR_EMAIL})?`).waitFor()
    await self.getByRole('button', { name: 'Yes, remove' }).click()
    await self.getByText('The last owner cannot be removed').waitFor()
    expect(await checkAccessibility(page)).toEqual([])
    await saveScreenshots(page, 'console', 'operators')

    // For the viewer to read: a webhook endpoint with a delivery, a policy, and a wallet user signed in.
    const viewersReceiver = await startReceiver()
    await openConsoleScreen(page, 'Webhooks')
    await page.getByLabel('URL').fill(`${viewersReceiver.url}/for-the-viewer`)
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    await page.getByRole('button', { name: 'I stored it' }).click()
    const ownersEndpoint = page.getByRole('listitem').filter({ hasText: '/for-the-viewer' })
    await ownersEndpoint.getByRole('button', { name: 'Send test event' }).click()
    await ownersEndpoint.getByRole('button', { name: 'Replay' }).first().waitFor()
    await openConsoleScreen(page, 'Policies')
    await page.getByLabel('Name', { exact: true }).fill('Small transfers for the viewer')
    await page.getByRole('button', { name: 'Add policy' }).click()
    await page.getByRole('heading', { level: 2, name: 'Small transfers for the viewer' }).waitFor()
    const visitor = await browser.newContext()
    await signInWithEmail(await visitor.newPage(), world, 'console-viewed@example.com')

    // The viewer signs in: the header names their role, and the apps are there to open, with no form
    // to make one (the server would refuse: console-operators.test.ts).
    const theirs = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const viewerPage = await theirs.newPage()
    await signInToConsole(viewerPage, world, viewerEmail)
    await viewerPage.getByText('· viewer').waitFor()
    await viewerPage.getByText('As a viewer you can open any of these apps').waitFor()
    await viewerPage.getByRole('heading', { level: 2, name: 'Satchel Wallet' }).waitFor()
    expect(await viewerPage.getByRole('button', { name: 'Make app' }).count()).toBe(0)
    expect(await viewerPage.getByLabel('Allowed origins (one per line)').count()).toBe(0)
    await saveScreenshots(viewerPage, 'console', 'apps-viewer')
    await viewerPage.getByRole('button', { name: 'Manage Satchel Wallet' }).click()
    await openConsoleScreen(viewerPage, 'App secrets')
    await viewerPage.getByText('Full access').first().waitFor()
    await viewerPage.getByText('As a viewer you can read this list').waitFor()
    expect(await viewerPage.getByRole('button', { name: 'Make secret' }).count()).toBe(0)
    expect(await viewerPage.getByRole('button', { name: /^Delete/ }).count()).toBe(0)
    await saveScreenshots(viewerPage, 'console', 'secrets-viewer')
    await openConsoleScreen(viewerPage, 'Operators')
    await viewerPage.getByText('Only owner operators can do this').waitFor()
    expect(await viewerPage.getByRole('button', { name: 'Add operator' }).count()).toBe(0)
    await saveScreenshot(viewerPage, 'console', 'operators-viewer-desktop')

    // Settings: every value shown, none changeable, no Save.
    await openConsoleScreen(viewerPage, 'Settings')
    await viewerPage.getByText('As a viewer you can read these settings').waitFor()
    const appName = viewerPage.getByLabel('App name')
    expect(await appName.inputValue()).toBe('Satchel Wallet')
    expect(await appName.isDisabled()).toBe(true)
    expect(await viewerPage.getByRole('checkbox', { name: 'Email code' }).isChecked()).toBe(true)
    expect(await viewerPage.getByRole('checkbox', { name: 'Email code' }).isDisabled()).toBe(true)
    expect(await viewerPage.getByRole('button', { name: 'Save settings' }).count()).toBe(0)
    expect(await checkAccessibility(viewerPage)).toEqual([])
    await saveScreenshots(viewerPage, 'console', 'settings-viewer')

    // Webhooks: the owner's endpoint and its delivery, with nothing to add, test or replay.
    await openConsoleScreen(viewerPage, 'Webhooks')
    await viewerPage.getByText('As a viewer you can read the endpoints').waitFor()
    const theirEndpoint = viewerPage.getByRole('listitem').filter({ hasText: '/for-the-viewer' })
    await theirEndpoint
      .getByText(/attempt/)
      .first()
      .waitFor()
    for (const name of ['Add endpoint', 'Send test event', 'Rotate secret', 'Replay'])
      expect(await viewerPage.getByRole('button', { name }).count(), name).toBe(0)
    expect(await viewerPage.getByLabel('URL').count()).toBe(0)
    expect(await checkAccessibility(viewerPage)).toEqual([])
    await saveScreenshots(viewerPage, 'console', 'webhooks-viewer')

    // Policies: the owner's policy and its rule, with nothing to add or delete.
    await openConsoleScreen(viewerPage, 'Policies')
    await viewerPage.getByText('As a viewer you can read these policies').waitFor()
    await viewerPage.getByRole('heading', { level: 2, name: 'Small transfers for the viewer' }).waitFor()
    expect(await viewerPage.getByRole('button', { name: 'Delete policy' }).count()).toBe(0)
    expect(await viewerPage.getByRole('button', { name: 'Add policy' }).count()).toBe(0)
    await saveScreenshots(viewerPage, 'console', 'policies-viewer')

    // A user: found by email, their session shown, with nothing to revoke, delete or restore.
    await openConsoleScreen(viewerPage, 'Users')
    await viewerPage.getByLabel('Find a user').fill('console-viewed@example.com')
    await viewerPage.getByRole('button', { name: 'Search' }).click()
    await viewerPage.getByText('As a viewer you can read this user').waitFor()
    await viewerPage.getByText('console-viewed@example.com').first().waitFor()
    await viewerPage.getByRole('region', { name: 'Sessions' }).getByText('last used').waitFor()
    for (const name of [/^Revoke/, /^Delete/, 'Restore user'])
      expect(await viewerPage.getByRole('button', { name }).count(), String(name)).toBe(0)
    expect(await checkAccessibility(viewerPage)).toEqual([])
    await saveScreenshots(viewerPage, 'console', 'user-viewer')
    await visitor.close()
    viewersReceiver.close()

    // Back on the owner's list, they are an operator now, no longer an invitation.
    await openConsoleScreen(page, 'Apps')
    await openConsoleScreen(page, 'Operators')
    await viewer.getByText('Operator since').waitFor()
    await viewer.getByRole('button', { name: `Remove ${viewerEmail}` }).click()
    await viewer.getByText(`Remove ${viewerEmail}? They lose access to this console at once.`).waitFor()
    await viewer.getByRole('button', { name: 'Yes, remove' }).click()
    await viewer.waitFor({ state: 'detached' })
    await viewerPage.reload()
    await viewerPage.getByText('You are not an operator of this Satchel console').first().waitFor()
    await context.close()
    await theirs.close()
  })

  it('refuses an uninvited person who signs in to the console, in words', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInToConsole(page, world, 'not-an-operator@example.com')
    await page.getByText('You are not an operator of this Satchel console').first().waitFor()
    await context.close()
  })
})
