// @satchel/node's admin methods against a real Satchel server: an app's backend manages its users,
// settings, secrets and webhooks, and reads its audit log and daily figures, with typed answers.
import { ApiError } from '@satchel/core/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSatchelNode, type SatchelNode } from '../src/createSatchelNode'
import { startSatchelServer, type TestSatchelServer } from './startSatchelServer'

let satchel: TestSatchelServer
let appId: string
let node: SatchelNode

beforeAll(async () => {
  satchel = await startSatchelServer()
  const app = await satchel.createApp('Admin App')
  appId = app.appId
  node = createSatchelNode({ serverUrl: satchel.url, appId, appSecret: app.appSecret })
})
afterAll(() => satchel?.close())

async function expectCode(promise: Promise<unknown>, code: string) {
  const error = await promise.catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(ApiError)
  expect(error).toMatchObject({ code })
}

describe('users', () => {
  it('makes a user with a wallet, finds them by any identifier, and they are who signs in', async () => {
    const made = await node.createUser({
      linkedAccounts: [
        { type: 'email', address: 'grace@example.com' },
        { type: 'custom_jwt', subject: 'crm-1' },
      ],
      wallets: ['ethereum'],
    })
    expect(made.linkedAccounts.map((account) => account.type).sort()).toEqual(['custom_jwt', 'email'])
    const [wallet] = made.wallets
    expect(wallet).toMatchObject({ chainType: 'ethereum', revokedAt: null })
    expect((await node.lookupUser({ walletAddress: wallet?.address ?? '' })).id).toBe(made.id)
    expect((await node.lookupUser({ customJwtSubject: 'crm-1' })).id).toBe(made.id)
    expect((await node.lookupUser({ q: 'GRACE@example.com' })).id).toBe(made.id)
    await expectCode(node.lookupUser({ email: 'nobody@example.com' }), 'user_does_not_exist')
    const signedIn = await satchel.signIn(appId, 'grace@example.com')
    expect(signedIn.userId).toBe(made.id)
    expect(Date.parse((await node.getUser({ userId: made.id })).lastActiveAt ?? '')).toBeGreaterThan(0)
  })

  it('pages and exports every user; deletes, restores and signs users out', async () => {
    for (const name of ['a', 'b', 'c'])
      await node.createUser({ linkedAccounts: [{ type: 'email', address: `${name}@page.example` }] })
    const seen: string[] = []
    let page = await node.listUsers({ limit: 2 })
    seen.push(...page.users.map((user) => user.id))
    while (page.nextCursor) {
      page = await node.listUsers({ limit: 2, cursor: page.nextCursor })
      seen.push(...page.users.map((user) => user.id))
    }
    const exported: string[] = []
    for await (const user of node.exportUsers()) exported.push(user.id)
    expect(exported).toEqual(seen)
    expect(new Set(seen).size).toBe(seen.length)

    const user = await satchel.signIn(appId, 'leaving@example.com')
    const sessions = await node.listUserSessions({ userId: user.userId })
    expect(sessions).toHaveLength(1)
    expect(await node.revokeUserSessions({ userId: user.userId, sessionId: sessions[0]?.id ?? '' })).toBe(1)
    expect(await node.listUserSessions({ userId: user.userId })).toEqual([])
    const deleted = await node.deleteUser({ userId: user.userId })
    expect(Date.parse(deleted.purgeAfter)).toBeGreaterThan(Date.parse(deleted.deletedAt))
    expect((await node.restoreUser({ userId: user.userId })).deletedAt).toBeNull()
  })
})

describe('settings, secrets, audit and analytics', () => {
  it('changes the settings (audited with the secret that did it) and refuses what the server refuses', async () => {
    const settings = await node.updateAppSettings({
      loginMethods: ['email', 'sms'],
      allowlist: { enabled: true, domains: ['Team.Example'] },
      walletsOnLogin: 'ethereum',
    })
    expect(settings).toMatchObject({
      loginMethods: ['email', 'sms'],
      allowlist: { enabled: true, domains: ['team.example'] },
      walletsOnLogin: 'ethereum',
    })
    expect(await node.getAppSettings()).toEqual(settings)
    await expectCode(
      node.updateAppSettings({ allowedOrigins: ['https://shop.example/path'] }),
      'invalid_data',
    )
    const { entries } = await node.listAuditEntries({ action: 'app.settings_changed' })
    expect(entries[0]?.actor).toMatchObject({ kind: 'app_secret' })
    await node.updateAppSettings({ allowlist: { enabled: false } })
  })

  it('a read-only secret reads and is refused every change', async () => {
    const { secret, id } = await node.createAppSecret({ access: 'read_only' })
    const reader = createSatchelNode({ serverUrl: satchel.url, appId, appSecret: secret })
    expect((await reader.listUsers()).users.length).toBeGreaterThan(0)
    await expectCode(reader.updateAppSettings({ name: 'Mine now' }), 'app_secret_read_only')
    await expectCode(
      reader.createUser({ linkedAccounts: [{ type: 'email', address: 'ro@example.com' }] }),
      'app_secret_read_only',
    )
    expect((await node.listAppSecrets()).map((each) => each.access).sort()).toEqual(['full', 'read_only'])
    await node.deleteAppSecret({ secretId: id })
    await expectCode(reader.listUsers(), 'invalid_app_credentials')
  })

  it("reads today's figures", async () => {
    const today = new Date().toISOString().slice(0, 10)
    const [day] = await node.getDailyAnalytics({ from: today, to: today })
    expect(day).toMatchObject({ date: today, walletsCreated: 1, activeUsers: 2 })
    expect(day?.signUps).toMatchObject({ email: 1, admin: 4 })
  })
})

describe('webhooks', () => {
  it('adds an endpoint, sends it a test event, reads the delivery log, rotates and removes it', async () => {
    const endpoint = await node.createWebhookEndpoint({
      url: 'http://127.0.0.1:9/hooks',
      eventTypes: ['user.deleted'],
    })
    expect(endpoint.secret).toMatch(/^whsec_/)
    expect((await node.listWebhookEndpoints()).map((each) => each.id)).toEqual([endpoint.id])
    const delivery = await node.sendTestWebhook({ endpointId: endpoint.id })
    expect(delivery).toMatchObject({ endpointId: endpoint.id, eventType: 'webhook.test' })
    const { deliveries } = await node.listWebhookDeliveries({ endpointId: endpoint.id })
    expect(deliveries.map((each) => each.id)).toContain(delivery.id)
    expect((await node.replayWebhookDelivery({ deliveryId: delivery.id })).messageId).toBe(delivery.messageId)
    const rotated = await node.rotateWebhookSecret({ endpointId: endpoint.id })
    expect(rotated).not.toBe(endpoint.secret)
    await node.deleteWebhookEndpoint({ endpointId: endpoint.id })
    expect(await node.listWebhookEndpoints()).toEqual([])
  })
})
