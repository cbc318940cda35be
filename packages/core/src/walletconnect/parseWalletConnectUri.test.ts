import { describe, expect, it } from 'vitest'
import { InvalidWalletConnectUriError, parseWalletConnectUri } from './parseWalletConnectUri'

const topic = '7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9'
const symKey = '587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'
const now = Date.UTC(2025, 0, 1)
const inFiveMinutes = now / 1000 + 300
const uri = `wc:${topic}@2?relay-protocol=irn&symKey=${symKey}&expiryTimestamp=${inFiveMinutes}`

function reasonOf(value: unknown): string | undefined {
  try {
    parseWalletConnectUri(value, now)
  } catch (error) {
    if (error instanceof InvalidWalletConnectUriError) return `${error.reason}: ${error.shortMessage}`
    throw error
  }
  return undefined
}

describe('parseWalletConnectUri', () => {
  it('reads the topic, version, relay protocol, symmetric key and expiry of a pairing link', () => {
    expect(parseWalletConnectUri(uri, now)).toEqual({
      topic,
      version: 2,
      symKey,
      relayProtocol: 'irn',
      expiryTimestamp: inFiveMinutes,
    })
  })

  it('takes the deep-link spelling, surrounding spaces, and a link without an expiry', () => {
    expect(parseWalletConnectUri(`  wc://${topic}@2?symKey=${symKey}&relay-protocol=irn\n`, now)).toEqual({
      topic,
      version: 2,
      symKey,
      relayProtocol: 'irn',
    })
  })

  it('says in words what is wrong with a link it refuses', () => {
    expect({
      number: reasonOf(42),
      empty: reasonOf('   '),
      https: reasonOf('https://example.com'),
      v1: reasonOf(
        `wc:8a5e5bdc-a0e4-4702-ba63-8f1a5655744f@1?bridge=https%3A%2F%2Fbridge.example&key=${symKey}`,
      ),
      noVersion: reasonOf(`wc:${topic}?relay-protocol=irn&symKey=${symKey}`),
      badTopic: reasonOf(`wc:abc@2?relay-protocol=irn&symKey=${symKey}`),
      noRelay: reasonOf(`wc:${topic}@2?symKey=${symKey}`),
      noKey: reasonOf(`wc:${topic}@2?relay-protocol=irn`),
      badKey: reasonOf(`wc:${topic}@2?relay-protocol=irn&symKey=xyz`),
      badExpiry: reasonOf(`${uri.replace(/expiryTimestamp=\d+/, 'expiryTimestamp=soon')}`),
    }).toMatchInlineSnapshot(`
      {
        "badExpiry": "invalid_expiry: This WalletConnect link has an invalid expiry time: copy the whole link again",
        "badKey": "invalid_sym_key: This WalletConnect link has an invalid symmetric key: copy the whole link again",
        "badTopic": "missing_topic: This WalletConnect link has no valid pairing topic: copy the whole link again",
        "empty": "not_a_string: Paste a WalletConnect link (it starts with wc:)",
        "https": "not_walletconnect: This is not a WalletConnect link: it should start with wc:",
        "noKey": "missing_sym_key: This WalletConnect link has no symmetric key: copy the whole link again",
        "noRelay": "missing_relay_protocol: This WalletConnect link has no relay protocol: copy the whole link again",
        "noVersion": "unsupported_version: This WalletConnect link has no protocol version 2 (…@2?…): copy the whole link again",
        "number": "not_a_string: Paste a WalletConnect link (it starts with wc:)",
        "v1": "unsupported_version: This link uses WalletConnect version 1, which is no longer supported: ask the app for a new link",
      }
    `)
  })

  it('refuses a link whose expiry has passed, and accepts it a second before', () => {
    const expiresAtMs = inFiveMinutes * 1000
    expect(parseWalletConnectUri(uri, expiresAtMs - 1000).expiryTimestamp).toBe(inFiveMinutes)
    expect(() => parseWalletConnectUri(uri, expiresAtMs)).toThrow(
      'This WalletConnect link has expired: ask the app for a new one',
    )
  })

  it('never puts the symmetric key in its error', () => {
    const error = (() => {
      try {
        parseWalletConnectUri(`wc:${topic}@2?symKey=${symKey}`, now)
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(InvalidWalletConnectUriError)
    expect(String(error)).not.toContain(symKey)
  })
})
