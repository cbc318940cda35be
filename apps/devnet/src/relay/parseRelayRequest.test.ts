import { describe, expect, it } from 'vitest'
import { parseRelayRequest } from './parseRelayRequest'
import { RelayRpcError } from './RelayRpcError'

const topic = 'ab'.repeat(32)

function errorOf(run: () => unknown): { code: number; message: string } {
  try {
    run()
  } catch (error) {
    if (error instanceof RelayRpcError) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('expected a RelayRpcError')
}

describe('parseRelayRequest', () => {
  it('reads a publish as the SDK sends it, extra fields and all', () => {
    const params = {
      topic,
      message: 'AQ==',
      ttl: 300,
      prompt: true,
      tag: 1108,
      correlationId: 7,
      rpcMethods: ['x'],
    }
    expect(parseRelayRequest('irn_publish', params)).toEqual({
      method: 'irn_publish',
      params: { topic, message: 'AQ==', ttl: 300, tag: 1108 },
    })
  })

  it('answers an unknown method with -32601', () => {
    expect(errorOf(() => parseRelayRequest('eth_chainId', []))).toEqual({
      code: -32601,
      message: 'Method not found',
    })
  })

  it('answers params of the wrong shape with -32602, naming the field', () => {
    expect(errorOf(() => parseRelayRequest('irn_subscribe', { topic: 'nope' }))).toEqual({
      code: -32602,
      message: 'Invalid params: topic must be 64 hex characters',
    })
    expect(errorOf(() => parseRelayRequest('irn_publish', { topic, message: 'x', ttl: 0 }))).toEqual({
      code: -32602,
      message: 'Invalid params: ttl must be a whole number of seconds from 1 to 2592000',
    })
    expect(errorOf(() => parseRelayRequest('irn_publish', [topic]))).toEqual({
      code: -32602,
      message: 'Invalid params: params must be an object',
    })
    expect(
      errorOf(() => parseRelayRequest('irn_publish', { topic, message: 'x', ttl: 1, prompt: 'yes' })).code,
    ).toBe(-32602)
  })

  it('refuses a message over 1 MiB', () => {
    const message = 'A'.repeat(1024 * 1024 + 1)
    expect(errorOf(() => parseRelayRequest('irn_publish', { topic, message, ttl: 300 }))).toEqual({
      code: -32602,
      message: 'Invalid params: message must be at most 1048576 bytes',
    })
    expect(parseRelayRequest('irn_publish', { topic, message: message.slice(1), ttl: 300 }).method).toBe(
      'irn_publish',
    )
  })

  it('takes 500 topics in one batch subscribe and refuses 501 (the spec batch limit)', () => {
    const topics = Array.from({ length: 501 }, (_, index) => index.toString(16).padStart(64, '0'))
    expect(parseRelayRequest('irn_batchSubscribe', { topics: topics.slice(0, 500) })).toMatchObject({
      params: { topics: topics.slice(0, 500) },
    })
    expect(errorOf(() => parseRelayRequest('irn_batchSubscribe', { topics }))).toEqual({
      code: -32602,
      message: 'Invalid params: topics may hold at most 500 entries per call (batch limit)',
    })
  })

  it('reads the session shortcuts, with the SDK default ttl of 300 s', () => {
    expect(
      parseRelayRequest('wc_proposeSession', { pairingTopic: topic, sessionProposal: 'p', correlationId: 1 }),
    ).toEqual({
      method: 'wc_proposeSession',
      params: { pairingTopic: topic, sessionProposal: 'p', ttl: 300 },
    })
    const sessionTopic = 'cd'.repeat(32)
    expect(
      errorOf(() => parseRelayRequest('wc_approveSession', { pairingTopic: topic, sessionTopic })).message,
    ).toBe('Invalid params: sessionProposalResponse must be a non-empty string')
  })

  it('takes another wc_ method carrying a topic and a message as a publish', () => {
    expect(parseRelayRequest('wc_sessionRequest', { topic, message: 'm', ttl: 900, tag: 1108 })).toEqual({
      method: 'irn_publish',
      params: { topic, message: 'm', ttl: 900, tag: 1108 },
    })
    expect(errorOf(() => parseRelayRequest('wc_somethingElse', { pairingTopic: topic })).code).toBe(-32601)
  })
})
