import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { connectTestClient, type TestClient } from './connectTestClient'
import { type CreateRelayReturnType, createRelay } from './createRelay'

const topic = '1'.repeat(64)
const otherTopic = '2'.repeat(64)

let relay: CreateRelayReturnType | undefined
const clients: TestClient[] = []

async function startRelay(options: Parameters<typeof createRelay>[0] = {}) {
  relay = await createRelay(options)
  return relay
}

async function connect(url: string, options: Parameters<typeof connectTestClient>[1] = {}) {
  const client = await connectTestClient(url, options)
  clients.push(client)
  return client
}

/**
 * A round trip on the client's own socket. Frames on one socket keep their order both ways, and the relay
 * sends a request's pushes before (publish) or right after (subscribe) its answer, so once this answer is
 * back, every push an earlier request caused has arrived, and every acknowledgement sent has been read.
 */
async function barrier(client: TestClient) {
  await client.request('irn_batchSubscribe', { topics: [] })
  await client.request('irn_batchSubscribe', { topics: [] })
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
  await relay?.close()
  relay = undefined
})

describe('createRelay', () => {
  it('listens on loopback and answers plain HTTP health checks', async () => {
    const { url } = await startRelay()
    expect(url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    const response = await fetch(`${url.replace('ws:', 'http:')}/health`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('ok')
  })

  it('refuses a socket without a valid auth JWT (401)', async () => {
    const { url } = await startRelay()
    const status = await new Promise<number | undefined>((resolve) => {
      const socket = new WebSocket(`${url}/?projectId=test`)
      socket.on('unexpected-response', (_request, response) => {
        resolve(response.statusCode)
        socket.terminate()
      })
      socket.on('open', () => resolve(undefined))
      socket.on('error', () => {})
    })
    expect(status).toBe(401)
  })

  it('delivers a publish to every other subscriber of the topic, not to the sender', async () => {
    const { url } = await startRelay()
    const [dapp, wallet, bystander] = [await connect(url), await connect(url), await connect(url)]
    await dapp.request('irn_subscribe', { topic })
    await wallet.request('irn_subscribe', { topic })
    await bystander.request('irn_subscribe', { topic: otherTopic })

    expect(
      await dapp.request('irn_publish', { topic, message: 'hello', ttl: 300, tag: 1108, prompt: true }),
    ).toEqual({
      result: true,
    })
    const [received] = await wallet.waitForMessages(1)
    expect(received).toMatchObject({ topic, message: 'hello', tag: 1108, attestation: '' })
    expect(received?.publishedAt).toBeGreaterThan(0)

    await Promise.all([barrier(dapp), barrier(bystander)])
    expect(dapp.received).toEqual([])
    expect(bystander.received).toEqual([])
  })

  it('replays the mailbox once to a client that subscribes later', async () => {
    const { url } = await startRelay()
    const dapp = await connect(url)
    await dapp.request('irn_publish', { topic, message: 'proposal', ttl: 300, tag: 1100 })
    expect(relay?.stats().mailbox).toBe(1)

    const wallet = await connect(url)
    const subscribed = await wallet.request('irn_subscribe', { topic })
    expect(subscribed.result).toMatch(/^[0-9a-f]{64}$/)
    expect((await wallet.waitForMessages(1)).map((message) => message.message)).toEqual(['proposal'])

    await wallet.request('irn_subscribe', { topic })
    await wallet.request('irn_batchSubscribe', { topics: [topic] })
    await barrier(wallet)
    expect(wallet.received).toHaveLength(1)
  })

  it('forgets a message once its ttl has run out (by the injected clock)', async () => {
    let time = 1_700_000_000_000
    const { url } = await startRelay({ now: () => time })
    const dapp = await connect(url)
    await dapp.request('irn_publish', { topic, message: 'short-lived', ttl: 30, tag: 1002 })

    time += 30_000
    expect(relay?.stats().mailbox).toBe(0)
    const wallet = await connect(url)
    await wallet.request('irn_subscribe', { topic })
    await barrier(wallet)
    expect(wallet.received).toEqual([])
  })

  it('answers bad requests with the JSON-RPC error codes', async () => {
    const { url } = await startRelay()
    const client = await connect(url)

    expect(await client.request('irn_subscribe', { topic: 'not-a-topic' })).toEqual({
      error: { code: -32602, message: 'Invalid params: topic must be 64 hex characters' },
    })
    expect(
      await client.request('irn_publish', { topic, message: 'x'.repeat(1024 * 1024 + 1), ttl: 300 }),
    ).toEqual({
      error: { code: -32602, message: 'Invalid params: message must be at most 1048576 bytes' },
    })
    expect((await client.request('irn_teleport', { topic })).error?.code).toBe(-32601)
    expect((await client.sendRaw('{not json', null)).error).toEqual({ code: -32700, message: 'Parse error' })
    expect((await client.sendRaw('[1,2]', null)).error?.code).toBe(-32600)
  })

  it('takes 500 topics in one batch subscribe and refuses 501', async () => {
    const { url } = await startRelay()
    const client = await connect(url)
    const topics = Array.from({ length: 501 }, (_, index) => index.toString(16).padStart(64, '0'))

    const accepted = await client.request('irn_batchSubscribe', { topics: topics.slice(0, 500) })
    expect(accepted.result).toHaveLength(500)
    expect(relay?.stats().topics).toBe(500)
    expect(await client.request('irn_batchSubscribe', { topics })).toEqual({
      error: {
        code: -32602,
        message: 'Invalid params: topics may hold at most 500 entries per call (batch limit)',
      },
    })
  })

  it('stops delivering after unsubscribe', async () => {
    const { url } = await startRelay()
    const [dapp, wallet] = [await connect(url), await connect(url)]
    const { result: id } = await wallet.request('irn_subscribe', { topic })
    expect(await wallet.request('irn_batchUnsubscribe', { subscriptions: [{ topic, id }] })).toEqual({
      result: true,
    })

    await dapp.request('irn_publish', { topic, message: 'unheard', ttl: 300 })
    await barrier(wallet)
    expect(wallet.received).toEqual([])
    expect(relay?.stats().topics).toBe(0)
  })

  it('returns undelivered messages from fetchMessages, once', async () => {
    const { url } = await startRelay()
    const [dapp, wallet] = [await connect(url), await connect(url)]
    await dapp.request('irn_batchPublish', {
      messages: [
        { topic, message: 'one', ttl: 300, tag: 1 },
        { topic: otherTopic, message: 'two', ttl: 300, tag: 2 },
      ],
    })

    const fetched = await wallet.request('irn_batchFetchMessages', { topics: [topic, otherTopic] })
    expect(fetched.result).toMatchObject({
      messages: [
        { topic, message: 'one', tag: 1, attestation: '' },
        { topic: otherTopic, message: 'two', tag: 2, attestation: '' },
      ],
      hasMore: false,
    })
    expect(await wallet.request('irn_fetchMessages', { topic })).toEqual({
      result: { messages: [], hasMore: false },
    })
  })

  it('runs the session shortcuts: proposal (1100), response (1101) and settlement (1102)', async () => {
    const { url } = await startRelay()
    const [dapp, wallet] = [await connect(url), await connect(url)]
    const pairingTopic = topic
    const sessionTopic = otherTopic

    await dapp.request('wc_proposeSession', {
      pairingTopic,
      sessionProposal: 'proposal',
      attestation: null,
      ttl: 300,
    })
    await wallet.request('irn_subscribe', { topic: pairingTopic })
    expect((await wallet.waitForMessages(1)).map(({ message, tag }) => [message, tag])).toEqual([
      ['proposal', 1100],
    ])

    await wallet.request('wc_approveSession', {
      pairingTopic,
      sessionTopic,
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
    })
    // The dApp was subscribed to the pairing topic by its proposal; it subscribes to the session topic
    // once it has read the response, and then finds the settlement waiting.
    await dapp.waitForMessages(1)
    await dapp.request('irn_subscribe', { topic: sessionTopic })
    const received = await dapp.waitForMessages(2)
    expect(received.map(({ topic, message, tag }) => [topic, message, tag])).toEqual([
      [pairingTopic, 'response', 1101],
      [sessionTopic, 'settle', 1102],
    ])

    // The wallet was subscribed to the session topic by its approval.
    await dapp.request('irn_publish', { topic: sessionTopic, message: 'request', ttl: 900, tag: 1108 })
    expect((await wallet.waitForMessages(2)).at(-1)).toMatchObject({
      topic: sessionTopic,
      message: 'request',
    })
  })

  it('sends a reconnecting client what it missed, exactly once, and nothing it already acknowledged', async () => {
    const { url } = await startRelay()
    const dapp = await connect(url)
    const wallet = await connect(url)
    await wallet.request('irn_subscribe', { topic })
    await dapp.request('irn_publish', { topic, message: 'before', ttl: 300 })
    await wallet.waitForMessages(1)
    await barrier(wallet) // the acknowledgement has reached the relay

    expect(relay?.dropClients(wallet.identity)).toBe(1)
    expect(relay?.stats().clients).toBe(1)
    await dapp.request('irn_publish', { topic, message: 'meanwhile', ttl: 300 })

    const back = await connect(url, { keyPair: wallet.keyPair })
    expect(back.identity).toBe(wallet.identity)
    await back.request('irn_batchSubscribe', { topics: [topic] })
    expect((await back.waitForMessages(1)).map((message) => message.message)).toEqual(['meanwhile'])

    await back.request('irn_batchSubscribe', { topics: [topic] })
    await barrier(back)
    expect(back.received).toHaveLength(1)
  })

  it('sends again a message whose socket dropped before the client acknowledged it', async () => {
    const { url } = await startRelay()
    const dapp = await connect(url)
    const silent = await connect(url, { acknowledge: false })
    await silent.request('irn_subscribe', { topic })
    await dapp.request('irn_publish', { topic, message: 'unacknowledged', ttl: 300 })
    await silent.waitForMessages(1)

    relay?.dropClients(silent.identity)
    const back = await connect(url, { keyPair: silent.keyPair })
    await back.request('irn_subscribe', { topic })
    expect((await back.waitForMessages(1)).map((message) => message.message)).toEqual(['unacknowledged'])
  })

  it('pings every socket on its interval', async () => {
    const { url } = await startRelay({ pingIntervalMs: 50 })
    const client = await connect(url)
    const pinged = await new Promise<boolean>((resolve) => {
      client.socket.once('ping', () => resolve(true))
      setTimeout(() => resolve(false), 1000)
    })
    expect(pinged).toBe(true)
  })

  it('counts clients, subscribed topics and mailbox messages, and closes them all', async () => {
    const { url, stats, close } = await startRelay()
    const client = await connect(url)
    await client.request('irn_batchSubscribe', { topics: [topic, otherTopic] })
    await client.request('irn_publish', { topic, message: 'kept', ttl: 300 })
    expect(stats()).toEqual({ clients: 1, topics: 2, mailbox: 1 })

    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)))
    await close()
    relay = undefined
    expect(await closed).toBe(1001)
  })
})
