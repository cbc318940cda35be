import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { type CborValue, encodeCbor } from './encodeCbor'

/** Authenticator data flags (WebAuthn §6.1). */
export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const

export type SoftCredential = {
  id: string
  privateKey: KeyObject
  /** The COSE_Key (EC2, P-256, ES256) written into the attested credential data. */
  cosePublicKey: Uint8Array
  /** The signature counter the next assertion carries (then incremented), unless told otherwise. */
  counter: number
  userHandle: string
}

export type CeremonyOverrides = {
  /** clientDataJSON.origin (default: the origin the authenticator was made for). */
  origin?: string
  /** The rpID whose SHA-256 goes into the authenticator data (default: the origin's hostname). */
  rpId?: string
  /** clientDataJSON.type (default: webauthn.create / webauthn.get). */
  type?: string
  /** The signature counter to report (default: the credential's next value; registration: 0). */
  counter?: number
  /** Backup eligible and backed up (a synced passkey). */
  synced?: boolean
  /** Turns the signature into garbage of the right shape. */
  corruptSignature?: boolean
  /** Leaves the UV flag off: the user was present but not verified (no PIN, no biometric). */
  unverifiedUser?: boolean
}

type Options = { challenge: string }

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')

/**
 * A WebAuthn authenticator in software, for tests: P-256 keys from node:crypto, `none` attestation
 * (CBOR by hand), assertions signed with ECDSA over authenticatorData || SHA-256(clientDataJSON) in
 * DER, exactly as a platform authenticator and the browser would produce them. Each `register` makes
 * a new discoverable credential; `authenticate` signs with one (the newest by default).
 *
 * @example
 * const authenticator = createSoftAuthenticator('http://localhost:5173')
 * const response = authenticator.register(options)
 */
export function createSoftAuthenticator(origin: string) {
  const credentials: SoftCredential[] = []
  const defaultRpId = new URL(origin).hostname

  function clientData(type: string, challenge: string, overrides: CeremonyOverrides): Buffer {
    return Buffer.from(
      JSON.stringify({
        type: overrides.type ?? type,
        challenge,
        origin: overrides.origin ?? origin,
        crossOrigin: false,
      }),
    )
  }

  function authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const head = Buffer.alloc(37)
    createHash('sha256').update(rpId).digest().copy(head, 0)
    head[32] = flags
    head.writeUInt32BE(counter, 33)
    return attested ? Buffer.concat([head, attested]) : head
  }

  return {
    credentials,

    /** A new credential for `navigator.credentials.create()` options: a RegistrationResponseJSON. */
    register(options: Options, overrides: CeremonyOverrides & { credentialId?: Uint8Array } = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const cosePublicKey = encodeCbor(
        new Map<number, number | Uint8Array>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x ?? '', 'base64url')],
          [-3, Buffer.from(jwk.y ?? '', 'base64url')],
        ]),
      )
      const rawId = overrides.credentialId ?? randomBytes(32)
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(rawId.length)
      const attested = Buffer.concat([Buffer.alloc(16) /* aaguid: none */, idLength, rawId, cosePublicKey])
      const synced = overrides.synced ? FLAGS.BE | FLAGS.BS : 0
      const verified = overrides.unverifiedUser ? 0 : FLAGS.UV
      const flags = FLAGS.UP | verified | FLAGS.AT | synced
      const data = authData(overrides.rpId ?? defaultRpId, flags, overrides.counter ?? 0, attested)
      const attestationObject = encodeCbor(
        new Map<string, CborValue>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', data],
        ]),
      )
      const id = b64url(rawId)
      credentials.push({ id, privateKey, cosePublicKey, counter: 1, userHandle: b64url(randomBytes(16)) })
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, overrides)),
          attestationObject: b64url(attestationObject),
          transports: ['internal', 'hybrid'],
        },
        clientExtensionResults: { credProps: { rk: true } },
        authenticatorAttachment: 'platform',
      }
    },

    /** An assertion for `navigator.credentials.get()` options: an AuthenticationResponseJSON. */
    authenticate(
      options: Options,
      overrides: CeremonyOverrides & { credential?: SoftCredential | undefined } = {},
    ) {
      const credential = overrides.credential ?? credentials.at(-1)
      if (!credential) throw new Error('register a credential first')
      const counter = overrides.counter ?? credential.counter++
      const synced = overrides.synced ? FLAGS.BE | FLAGS.BS : 0
      const verified = overrides.unverifiedUser ? 0 : FLAGS.UV
      const data = authData(overrides.rpId ?? defaultRpId, FLAGS.UP | verified | synced, counter)
      const client = clientData('webauthn.get', options.challenge, overrides)
      let signature = sign(
        'sha256',
        Buffer.concat([data, createHash('sha256').update(client).digest()]),
        credential.privateKey,
      )
      if (overrides.corruptSignature) {
        signature = Buffer.from(signature)
        // The last byte of S: still valid DER, no longer a valid signature.
        signature[signature.length - 1] = (signature.at(-1) ?? 0) ^ 0x01
      }
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      }
    },
  }
}

export type SoftAuthenticator = ReturnType<typeof createSoftAuthenticator>
