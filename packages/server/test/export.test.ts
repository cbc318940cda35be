import { base58 } from '@scure/base'
import { compactDecrypt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import {
  createWallet,
  enrollTotp,
  type SignedInUser,
  signInWithKey,
  userCall,
  verifyTotp,
} from './walletRequests'

let t: TestServer

beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t.close())

/** What the browser does: a P-256 key pair for this export only. */
async function recipientKey() {
  const { publicKey, privateKey } = await generateKeyPair('ECDH-ES', { crv: 'P-256', extractable: true })
  return { publicJwk: await exportJWK(publicKey), privateJwk: await exportJWK(privateKey), privateKey }
}

/** An export as the user's own client asks for it: signed with the session key, with an MFA token if given. */
function exportWallet(user: SignedInUser, walletId: string, body: unknown, mfaToken?: string) {
  return userCall(t, user, 'POST', `/api/v1/wallets/${walletId}/export`, {
    body,
    ...(mfaToken ? { mfaToken } : {}),
  })
}

/** Base58 (Bitcoin alphabet) to bytes; the vault only encodes, so the test decodes by hand. */
function decodeBase58(text: string): Uint8Array {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
  let value = 0n
  for (const char of text) value = value * 58n + BigInt(alphabet.indexOf(char))
  const hex = value.toString(16)
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex')
  const zeros = text.length - text.replace(/^1+/, '').length
  return new Uint8Array([...new Uint8Array(zeros), ...body])
}

async function decrypt(ciphertext: string, privateKey: CryptoKey): Promise<string> {
  const { plaintext } = await compactDecrypt(ciphertext, privateKey)
  return new TextDecoder().decode(plaintext)
}

describe('export after a fresh sign-in', () => {
  it('gives the private key, encrypted to the client key, that controls the wallet address', async () => {
    const user = await signInWithKey(t, 'export-key@example.com')
    const wallet = await createWallet(t, user.token)
    const recipient = await recipientKey()
    const response = await exportWallet(user, wallet.id, { recipient_public_key: recipient.publicJwk })
    expect(response.statusCode, response.body).toBe(200)
    const { ciphertext } = response.json()
    expect(decodeProtectedHeader(ciphertext)).toMatchObject({ alg: 'ECDH-ES', enc: 'A256GCM' })
    const privateKey = await decrypt(ciphertext, recipient.privateKey)
    expect(privateKey).toMatch(/^0x[0-9a-f]{64}$/)
    expect(privateKeyToAccount(privateKey as `0x${string}`).address).toBe(wallet.address)
  })

  it("gives the seed phrase, from which the wallet derives at m/44'/60'/0'/0/0", async () => {
    const user = await signInWithKey(t, 'export-mnemonic@example.com')
    const wallet = await createWallet(t, user.token)
    const recipient = await recipientKey()
    const response = await exportWallet(user, wallet.id, {
      recipient_public_key: recipient.publicJwk,
      what: 'mnemonic',
    })
    const mnemonic = await decrypt(response.json().ciphertext, recipient.privateKey)
    expect(mnemonic.split(' ')).toHaveLength(12)
    expect(mnemonicToAccount(mnemonic).address).toBe(wallet.address)
  })

  it('exports a Solana key as the 64-byte secret key whose public half is the address', async () => {
    const user = await signInWithKey(t, 'export-solana@example.com')
    const wallet = await createWallet(t, user.token, 'solana')
    const recipient = await recipientKey()
    const response = await exportWallet(user, wallet.id, { recipient_public_key: recipient.publicJwk })
    const secretKey = await decrypt(response.json().ciphertext, recipient.privateKey)
    const bytes = decodeBase58(secretKey)
    expect(bytes).toHaveLength(64)
    expect(base58.encode(bytes.slice(32))).toBe(wallet.address)
  })

  it('records the export in the audit log, without the ciphertext', async () => {
    const user = await signInWithKey(t, 'export-audit@example.com')
    const wallet = await createWallet(t, user.token)
    const recipient = await recipientKey()
    const response = await exportWallet(user, wallet.id, { recipient_public_key: recipient.publicJwk })
    const rows = await t.database.db.query<{ outcome: string; details: Record<string, unknown> }>(
      "select outcome, details from audit_log where user_id = $1 and action = 'wallet.export'",
      [user.userId],
    )
    expect(rows).toEqual([
      {
        outcome: 'success',
        details: {
          wallet_id: wallet.id,
          chain_type: 'ethereum',
          what: 'private_key',
          recipient_key: expect.any(String),
        },
      },
    ])
    expect(JSON.stringify(rows)).not.toContain(response.json().ciphertext.slice(-40))
  })
})

describe('export refusals', () => {
  it("another user's wallet is embedded_wallet_not_found", async () => {
    const owner = await signInWithKey(t, 'export-owner@example.com')
    const wallet = await createWallet(t, owner.token)
    const other = await signInWithKey(t, 'export-other@example.com')
    const response = await exportWallet(other, wallet.id, {
      recipient_public_key: (await recipientKey()).publicJwk,
    })
    expectAnswer(response, 404, { code: 'embedded_wallet_not_found', error: 'Embedded wallet not found' })
  })

  it('without MFA, a login proved more than 5 minutes ago is reauthentication_required (and audited as denied)', async () => {
    const user = await signInWithKey(t, 'export-stale@example.com')
    const wallet = await createWallet(t, user.token)
    const recipient = await recipientKey()
    t.clock.advance(4 * 60_000)
    expect(
      (await exportWallet(user, wallet.id, { recipient_public_key: recipient.publicJwk })).statusCode,
    ).toBe(200)
    t.clock.advance(61_000)
    const response = await exportWallet(user, wallet.id, { recipient_public_key: recipient.publicJwk })
    expectAnswer(response, 403, {
      code: 'reauthentication_required',
      error:
        "Confirm it's you: prove one of your login methods again (a new code, a passkey or a wallet signature), then retry within 5 minutes",
    })
    const [denied] = await t.database.db.query<{ outcome: string; details: Record<string, unknown> }>(
      "select outcome, details from audit_log where user_id = $1 and action = 'guard.refused' order by id desc limit 1",
      [user.userId],
    )
    expect(denied).toEqual({
      outcome: 'denied',
      details: {
        route: 'POST /api/v1/wallets/:wallet_id/export',
        guard: 'user+signed+stepup',
        code: 'reauthentication_required',
      },
    })
  })

  it('a user with MFA needs a fresh MFA token, even right after signing in', async () => {
    const user = await signInWithKey(t, 'export-mfa@example.com')
    const wallet = await createWallet(t, user.token)
    const secret = await enrollTotp(t, user)
    const recipient = await recipientKey()
    const body = { recipient_public_key: recipient.publicJwk }
    expect((await exportWallet(user, wallet.id, body)).json().code).toBe('missing_or_invalid_mfa')
    const mfaToken = await verifyTotp(t, user.token, secret)
    const response = await exportWallet(user, wallet.id, body, mfaToken)
    expect(response.statusCode, response.body).toBe(200)
    // Long after the sign-in, with the first MFA token stale, a new verification is what counts.
    t.clock.advance(20 * 60_000)
    expect((await exportWallet(user, wallet.id, body, mfaToken)).json().code).toBe('missing_or_invalid_mfa')
    const later = await verifyTotp(t, user.token, secret)
    expect((await exportWallet(user, wallet.id, body, later)).statusCode).toBe(200)
  })

  it('a private JWK as recipient is invalid_data', async () => {
    const user = await signInWithKey(t, 'export-private-jwk@example.com')
    const wallet = await createWallet(t, user.token)
    const recipient = await recipientKey()
    const response = await exportWallet(user, wallet.id, { recipient_public_key: recipient.privateJwk })
    expectAnswer(response, 400, {
      code: 'invalid_data',
      error: 'recipient_public_key must be a public key: this one carries its private part (d)',
    })
  })

  it('a key that is not P-256, or not a point on the curve, is invalid_data', async () => {
    const user = await signInWithKey(t, 'export-bad-jwk@example.com')
    const wallet = await createWallet(t, user.token)
    const { publicJwk } = await recipientKey()
    const wrongCurve = await exportWallet(user, wallet.id, {
      recipient_public_key: { ...publicJwk, crv: 'P-384' },
    })
    expect(wrongCurve.json()).toEqual({
      code: 'invalid_data',
      error: 'recipient_public_key must be a P-256 public JWK {kty: EC, crv: P-256, x, y}',
    })
    const offCurve = await exportWallet(user, wallet.id, {
      recipient_public_key: { ...publicJwk, y: publicJwk.x },
    })
    expect(offCurve.json()).toEqual({
      code: 'invalid_data',
      error: 'The recipient key must be a P-256 public JWK',
    })
  })

  it('needs a signed-in user', async () => {
    const response = await t.call('POST', '/api/v1/wallets/wallet_x/export', {
      body: { recipient_public_key: (await recipientKey()).publicJwk },
    })
    expect(response.json().code).toBe('must_be_authenticated')
  })
})
