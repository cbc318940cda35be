import { createHash, randomBytes } from 'node:crypto'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { compactDecrypt, exportJWK, generateKeyPair } from 'jose'
import { combine } from 'shamir-secret-sharing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { open } from '../src/platform/crypto/seal'
import { DRIVE_APPDATA_SCOPE } from '../src/wallets/recovery/recoveryOAuthSettings'
import { ORIGIN, startTestServer, type TestServer } from './harness'
import { type LoopbackDrive, startLoopbackDrive } from './loopbackDrive'
import { expectAnswer } from './support/expectAnswer'
import { createTestBrowser } from './support/oauth/createTestBrowser'
import {
  type StartLoopbackOidcProviderReturnType,
  startLoopbackOidcProvider,
} from './support/oauth/startLoopbackOidcProvider'
import {
  createWallet,
  enrollTotp,
  type SignedInUser,
  signedCall,
  signInWithKey,
  userCall,
  verifyTotp,
} from './walletRequests'

const PASSCODE = 'violet-anchor-37-sunrise'
const REDIRECT_TO = `${ORIGIN}/recovery/return`
const CLIENT = { clientId: 'satchel-recovery', clientSecret: 'loopback-recovery-secret-1' }

let t: TestServer
let idp: StartLoopbackOidcProviderReturnType
let drive: LoopbackDrive

beforeAll(async () => {
  idp = await startLoopbackOidcProvider({
    accounts: [{ sub: 'ada-google' }, { sub: 'grace-google' }],
    clients: [{ ...CLIENT, redirectUris: [REDIRECT_TO] }],
  })
  drive = await startLoopbackDrive({ userinfoUrl: `${idp.issuer}/me` })
  t = await startTestServer({
    app: {
      settings: {
        recoveryOAuth: {
          authorizationUrl: `${idp.issuer}/auth`,
          tokenUrl: `${idp.issuer}/token`,
          ...CLIENT,
          driveApiUrl: drive.url,
          // openid as well: the loopback Drive checks tokens at the provider's userinfo endpoint.
          scopes: ['openid', DRIVE_APPDATA_SCOPE],
        },
      },
    },
  })
})
afterAll(async () => {
  await t.close()
  await drive.stop()
  await idp.stop()
})

type Wallet = { id: string; address: string }

/** A call as the user's own client makes it: signed with the session key. */
const post = (user: SignedInUser, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  userCall(t, user, 'POST', path, { body: body ?? {}, headers })
const remove = (user: SignedInUser, headers: Record<string, string> = {}) =>
  userCall(t, user, 'DELETE', '/api/v1/recovery', { headers })
const setPasscode = (user: SignedInUser, body: Record<string, string>, headers?: Record<string, string>) =>
  post(user, '/api/v1/recovery/passcode', body, headers)
const unlock = (user: SignedInUser, passcode: string) => post(user, '/api/v1/recovery/unlock', { passcode })
const status = async (user: SignedInUser) =>
  (await t.call('GET', '/api/v1/recovery', { token: user.token })).json()
const sign = (user: SignedInUser, wallet: Wallet) =>
  signedCall(t, 'POST', `/api/v1/wallets/${wallet.id}/rpc`, {
    key: user.key,
    token: user.token,
    body: { method: 'personal_sign', params: { message: 'hello', encoding: 'utf-8' } },
  })

async function exportSecret(user: SignedInUser, wallet: Wallet, what: 'mnemonic' | 'private_key') {
  const { publicKey, privateKey } = await generateKeyPair('ECDH-ES', { crv: 'P-256', extractable: true })
  const response = await post(user, `/api/v1/wallets/${wallet.id}/export`, {
    recipient_public_key: await exportJWK(publicKey),
    what,
  })
  if (response.statusCode !== 200) return { response, secret: undefined }
  const { plaintext } = await compactDecrypt(response.json().ciphertext, privateKey)
  return { response, secret: new TextDecoder().decode(plaintext) }
}

const RECOVERY_REQUIRED = {
  code: 'recovery_required',
  error: 'Enter the recovery passcode to use this wallet here',
}

describe('recovery passcode', () => {
  it('refuses a passcode under 40 bits of entropy, saying why', async () => {
    const user = await signInWithKey(t, 'weak@example.com')
    await createWallet(t, user.token)
    const response = await setPasscode(user, { passcode: 'tulip7' })
    expectAnswer(response, 400, {
      code: 'invalid_data',
      error:
        'The passcode is too easy to guess (about 31 bits of entropy; at least 40 are needed). Use a longer passcode, more kinds of characters, or a generated passphrase',
    })
  })

  it('needs a wallet first', async () => {
    const user = await signInWithKey(t, 'nowallet@example.com')
    expect(await status(user)).toEqual({ method: null, unlocked: true })
    expect((await setPasscode(user, { passcode: PASSCODE })).json()).toEqual({
      code: 'embedded_wallet_not_found',
      error: 'Create a wallet before setting up recovery',
    })
  })

  it('locks new sessions out until the passcode is entered; the session that set it keeps working', async () => {
    const first = await signInWithKey(t, 'locked@example.com')
    const wallet = await createWallet(t, first.token)
    expect(await status(first)).toEqual({ method: null, unlocked: true })
    expect((await setPasscode(first, { passcode: PASSCODE })).json()).toEqual({
      method: 'passcode',
      unlocked: true,
    })
    expect((await sign(first, wallet)).statusCode).toBe(200)

    const second = await signInWithKey(t, 'locked@example.com')
    expect(await status(second)).toEqual({ method: 'passcode', unlocked: false })
    const refused = await sign(second, wallet)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual(RECOVERY_REQUIRED)
    expect((await exportSecret(second, wallet, 'private_key')).response.json()).toEqual(RECOVERY_REQUIRED)

    const wrong = await unlock(second, 'violet-anchor-37-sunset')
    expectAnswer(wrong, 401, {
      code: 'invalid_credentials',
      error: 'The recovery passcode is not correct',
    })
    expect((await unlock(second, PASSCODE)).json()).toEqual({ method: 'passcode', unlocked: true })
    expect(await status(second)).toEqual({ method: 'passcode', unlocked: true })
    const allowed = await sign(second, wallet)
    expect(allowed.statusCode, allowed.body).toBe(200)
    const exported = await exportSecret(second, wallet, 'private_key')
    expect(exported.secret).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('limits wrong passcodes: after 5 tries in 15 minutes even the right one is too_many_requests', async () => {
    const user = await signInWithKey(t, 'guesser@example.com')
    await createWallet(t, user.token)
    await setPasscode(user, { passcode: PASSCODE })
    const attacker = await signInWithKey(t, 'guesser@example.com')
    for (let i = 0; i < 5; i++)
      expect((await unlock(attacker, `wrong-guess-number-${i}`)).json().code).toBe('invalid_credentials')
    const sixth = await unlock(attacker, PASSCODE)
    expectAnswer(sixth, 429, { code: 'too_many_requests', error: 'Too many requests, try again later' })
    const failures = await t.database.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where user_id = $1 and action = 'recovery.unlock' and outcome = 'failure'",
      [user.userId],
    )
    expect(failures[0]?.n).toBe(5)
  })

  it("a thief's wrong passcodes in a stolen session never lock the owner's unlock on their own device", async () => {
    const owner = await signInWithKey(t, 'locked-out@example.com')
    await createWallet(t, owner.token)
    await setPasscode(owner, { passcode: PASSCODE })
    const thief = await signInWithKey(t, 'locked-out@example.com')
    const unlockFrom = (user: SignedInUser, passcode: string, ip: string) =>
      t.call('POST', '/api/v1/recovery/unlock', { token: user.token, body: { passcode }, ip })
    for (let i = 0; i < 5; i++)
      expect((await unlockFrom(thief, `wrong-guess-number-${i}`, '203.0.113.9')).json().code).toBe(
        'invalid_credentials',
      )
    expect((await unlockFrom(thief, PASSCODE, '203.0.113.9')).statusCode).toBe(429)
    // The owner, on a new device elsewhere, unlocks with the right passcode.
    const laptop = await signInWithKey(t, 'locked-out@example.com')
    const r = await unlockFrom(laptop, PASSCODE, '198.51.100.30')
    expect(r.statusCode, r.body).toBe(200)
    expect(r.json()).toEqual({ method: 'passcode', unlocked: true })
  })

  it('setting a passcode (scrypt, 32 MiB) is limited per user: the 11th in 15 minutes is too_many_requests', async () => {
    const user = await signInWithKey(t, 'scrypt-flood@example.com')
    await createWallet(t, user.token)
    const answers: number[] = []
    for (let i = 0; i < 11; i++) {
      const body = { passcode: `${PASSCODE}-${i}` }
      answers.push(
        (await userCall(t, user, 'POST', '/api/v1/recovery/passcode', { body, ip: '203.0.113.50' }))
          .statusCode,
      )
    }
    expect(answers).toEqual([...Array(10).fill(200), 429])
  })

  it('changing the passcode needs the current one (or an unlocked session); the old one then stops working', async () => {
    const user = await signInWithKey(t, 'changer@example.com')
    const wallet = await createWallet(t, user.token)
    await setPasscode(user, { passcode: PASSCODE })

    const other = await signInWithKey(t, 'changer@example.com')
    // A session that has not unlocked cannot change it without the current passcode.
    expect((await setPasscode(other, { passcode: 'new-passcode-for-the-wallet' })).json()).toEqual(
      RECOVERY_REQUIRED,
    )
    const changed = await setPasscode(other, {
      passcode: 'new-passcode-for-the-wallet',
      current_passcode: PASSCODE,
    })
    expect(changed.json()).toEqual({ method: 'passcode', unlocked: true })
    expect((await sign(other, wallet)).statusCode).toBe(200)

    const third = await signInWithKey(t, 'changer@example.com')
    expect((await unlock(third, PASSCODE)).json().code).toBe('invalid_credentials')
    expect((await unlock(third, 'new-passcode-for-the-wallet')).json().unlocked).toBe(true)
  })

  it('with MFA enrolled, setting, changing and removing the passcode need a fresh MFA token', async () => {
    const user = await signInWithKey(t, 'mfa-recovery@example.com')
    const wallet = await createWallet(t, user.token)
    const totp = await enrollTotp(t, user)
    const mfaRefused = {
      code: 'missing_or_invalid_mfa',
      error: 'Verify your second factor first: this action needs a fresh MFA verification',
    }

    expect((await setPasscode(user, { passcode: PASSCODE })).json()).toEqual(mfaRefused)
    let mfa = await verifyTotp(t, user.token, totp)
    expect((await setPasscode(user, { passcode: PASSCODE }, { 'satchel-mfa-token': mfa })).statusCode).toBe(
      200,
    )

    expect((await setPasscode(user, { passcode: 'another-long-passcode' })).json()).toEqual(mfaRefused)
    expect(
      (await setPasscode(user, { passcode: 'another-long-passcode' }, { 'satchel-mfa-token': mfa }))
        .statusCode,
    ).toBe(200)

    expect((await remove(user)).json()).toEqual(mfaRefused)
    mfa = await verifyTotp(t, user.token, totp)
    const removed = await remove(user, { 'satchel-mfa-token': mfa })
    expect(removed.json()).toEqual({ method: null, unlocked: true })
    const fresh = await signInWithKey(t, 'mfa-recovery@example.com')
    expect((await sign(fresh, wallet)).statusCode).toBe(200)
  })

  it('removing the lock needs an unlocked session, then new sessions sign without a passcode', async () => {
    const user = await signInWithKey(t, 'remover@example.com')
    const wallet = await createWallet(t, user.token)
    await setPasscode(user, { passcode: PASSCODE })
    const other = await signInWithKey(t, 'remover@example.com')
    expect((await remove(other)).json()).toEqual(RECOVERY_REQUIRED)
    await unlock(other, PASSCODE)
    expect((await remove(other)).json()).toEqual({
      method: null,
      unlocked: true,
    })
    const fresh = await signInWithKey(t, 'remover@example.com')
    expect(await status(fresh)).toEqual({ method: null, unlocked: true })
    expect((await sign(fresh, wallet)).statusCode).toBe(200)
  })

  it('unlock without a passcode set is invalid_data', async () => {
    const user = await signInWithKey(t, 'unlocked-anyway@example.com')
    await createWallet(t, user.token)
    expect((await unlock(user, PASSCODE)).json()).toEqual({
      code: 'invalid_data',
      error: 'No recovery passcode is set for this user',
    })
  })
})

describe('what the database holds', () => {
  it('cannot rebuild a key alone: no secret in any table, no two stored values combine into the seed', async () => {
    const plain = await signInWithKey(t, 'dump-plain@example.com')
    const plainWallet = await createWallet(t, plain.token)
    const locked = await signInWithKey(t, 'dump-locked@example.com')
    const lockedWallet = await createWallet(t, locked.token)
    const secrets: string[] = []
    const entropies: Uint8Array[] = []
    for (const [user, wallet] of [
      [plain, plainWallet],
      [locked, lockedWallet],
    ] as const) {
      const mnemonic = (await exportSecret(user, wallet, 'mnemonic')).secret ?? ''
      const privateKey = (await exportSecret(user, wallet, 'private_key')).secret ?? ''
      const entropy = mnemonicToEntropy(mnemonic, wordlist)
      entropies.push(entropy)
      secrets.push(
        mnemonic,
        privateKey.slice(2),
        Buffer.from(entropy).toString('hex'),
        Buffer.from(entropy).toString('base64'),
      )
    }
    await setPasscode(locked, { passcode: PASSCODE })

    // Every row of every table, as a dump would have it.
    const tables = await t.database.db.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' order by tablename",
    )
    const dump: string[] = []
    const blobs: Uint8Array[] = []
    for (const { tablename } of tables) {
      for (const row of await t.database.db.query<Record<string, unknown>>(`select * from "${tablename}"`)) {
        for (const value of Object.values(row)) {
          if (value instanceof Uint8Array) {
            blobs.push(new Uint8Array(value))
            dump.push(Buffer.from(value).toString('hex'), Buffer.from(value).toString('base64'))
          } else dump.push(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))
        }
      }
    }
    expect(tables.map((r) => r.tablename)).toEqual(
      expect.arrayContaining(['key_roots', 'recovery_locks', 'wallets']),
    )
    const text = dump.join('\n').toLowerCase()
    for (const secret of secrets) expect(text.includes(secret.toLowerCase())).toBe(false)
    expect(text.includes(mnemonicWords(secrets[0] ?? ''))).toBe(false)

    // The stored shares are sealed: taking any two stored byte strings as Shamir shares gives no seed.
    for (const a of blobs)
      for (const b of blobs) {
        if (a === b) continue
        const combined = await combine([a, b]).catch(() => undefined)
        for (const entropy of entropies) expect(combined && Buffer.from(combined).equals(entropy)).toBeFalsy()
      }

    // With the passcode set, even the database and the API's own key cannot open the auth share.
    const [root] = await t.database.db.query<{ id: string; sealed_auth_share: Uint8Array | null }>(
      'select r.id, r.sealed_auth_share from key_roots r join wallets w on w.root_id = r.id where w.id = $1',
      [lockedWallet.id],
    )
    expect(root?.sealed_auth_share).toBeNull()
    const [lock] = await t.database.db.query<{ sealed_auth_share: Uint8Array }>(
      'select sealed_auth_share from recovery_locks where root_id = $1',
      [root?.id],
    )
    const inner = open(
      t.server.satchel.encryptionKey,
      new Uint8Array(lock?.sealed_auth_share ?? []),
      `recovery-lock:${root?.id}`,
    )
    expect(() => open(t.server.satchel.encryptionKey, inner, `recovery:passcode:${root?.id}`)).toThrow()
  })
})

/** A run of 4 consecutive seed words, enough to spot a phrase stored in any form. */
function mnemonicWords(mnemonic: string): string {
  return mnemonic.split(' ').slice(0, 4).join(' ')
}

describe('recovery through Google Drive (OAuth)', () => {
  /** The client's part: PKCE pair, state, init; then the user at the provider; then authenticate. */
  async function driveFlow(user: SignedInUser, purpose: 'enroll' | 'unlock', account: string) {
    const codeVerifier = randomBytes(32).toString('base64url')
    const stateCode = randomBytes(24).toString('base64url')
    const init = await post(user, '/api/v1/recovery/oauth/init', {
      purpose,
      redirect_to: REDIRECT_TO,
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      state_code: stateCode,
    })
    expect(init.statusCode, init.body).toBe(200)
    const url = new URL(init.json().url)
    expect(url.searchParams.get('scope')).toBe(`openid ${DRIVE_APPDATA_SCOPE}`)
    const browser = createTestBrowser()
    const stopAt = (next: URL) => next.origin === ORIGIN
    const loginPage = await browser.get(url.toString(), { stopAt })
    const consent = await browser.post(
      `${idp.issuer}/interaction/${JSON.parse(loginPage.body).uid}/login`,
      { login: account },
      { stopAt },
    )
    const back = new URL(
      (
        await browser.post(
          `${idp.issuer}/interaction/${JSON.parse(consent.body).uid}/confirm`,
          {},
          { stopAt },
        )
      ).url,
    )
    const body = {
      authorization_code: back.searchParams.get('code'),
      state_code: back.searchParams.get('state'),
      code_verifier: codeVerifier,
    }
    return { response: await post(user, '/api/v1/recovery/oauth/authenticate', body), body }
  }

  it("keeps the key in the user's Drive app-data folder; a new session unlocks by signing in to Google", async () => {
    const user = await signInWithKey(t, 'drive@example.com')
    const wallet = await createWallet(t, user.token)
    const enrolled = await driveFlow(user, 'enroll', 'ada-google')
    expect(enrolled.response.json()).toEqual({ method: 'google_drive', unlocked: true })
    const [root] = await t.database.db.query<{ id: string }>(
      'select root_id as id from wallets where id = $1',
      [wallet.id],
    )
    const stored = drive.files().filter((file) => file.owner === 'ada-google')
    expect(stored.map((file) => file.name)).toEqual([`satchel-recovery-${root?.id}.json`])
    expect((await sign(user, wallet)).statusCode).toBe(200)

    // The same authorization code and state a second time: the state is spent.
    const replay = await post(user, '/api/v1/recovery/oauth/authenticate', enrolled.body)
    expect(replay.json()).toEqual({
      code: 'oauth_state_mismatch',
      error: 'The login state did not match; start again',
    })

    const later = await signInWithKey(t, 'drive@example.com')
    expect(await status(later)).toEqual({ method: 'google_drive', unlocked: false })
    expect((await sign(later, wallet)).json()).toEqual(RECOVERY_REQUIRED)
    // Another Google account has no key for this wallet.
    const elsewhere = await driveFlow(later, 'unlock', 'grace-google')
    expect(elsewhere.response.json()).toEqual({
      code: 'invalid_credentials',
      error: 'No recovery key for this wallet in this Google Drive',
    })
    const unlocked = await driveFlow(later, 'unlock', 'ada-google')
    expect(unlocked.response.json()).toEqual({ method: 'google_drive', unlocked: true })
    expect((await sign(later, wallet)).statusCode).toBe(200)
  })

  it('refuses a verifier that does not match the challenge, and a state from another session', async () => {
    const user = await signInWithKey(t, 'drive-pkce@example.com')
    await createWallet(t, user.token)
    const stateCode = randomBytes(24).toString('base64url')
    await post(user, '/api/v1/recovery/oauth/init', {
      purpose: 'enroll',
      redirect_to: REDIRECT_TO,
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      state_code: stateCode,
    })
    const other = await signInWithKey(t, 'drive-pkce@example.com')
    const body = {
      authorization_code: 'code',
      state_code: stateCode,
      code_verifier: randomBytes(32).toString('base64url'),
    }
    expect((await post(other, '/api/v1/recovery/oauth/authenticate', body)).json().code).toBe(
      'oauth_state_mismatch',
    )
  })

  it('sends the code only to an allowed origin of the app', async () => {
    const user = await signInWithKey(t, 'drive-origin@example.com')
    await createWallet(t, user.token)
    const response = await post(user, '/api/v1/recovery/oauth/init', {
      purpose: 'enroll',
      redirect_to: 'https://evil.example/steal',
      code_challenge: createHash('sha256').update('x'.repeat(43)).digest('base64url'),
      state_code: randomBytes(24).toString('base64url'),
    })
    expect(response.json()).toEqual({
      code: 'invalid_origin',
      error: 'redirect_to must be on an allowed origin of the app',
    })
  })

  it('the Drive stand-in checks the bearer token', async () => {
    const response = await fetch(`${drive.url}/drive/v3/files?spaces=appDataFolder`, {
      headers: { authorization: 'Bearer not-a-token' },
    })
    expect(response.status).toBe(401)
  })
})
