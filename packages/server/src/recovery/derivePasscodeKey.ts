import { scrypt } from 'node:crypto'

/** scrypt cost for recovery passcodes: about 32 MiB and a few tens of milliseconds per guess. */
export const PASSCODE_KDF = { N: 2 ** 15, r: 8, p: 1 } as const
export type PasscodeKdf = { N: number; r: number; p: number }

/**
 * The 32-byte key a recovery passcode seals the auth share under: scrypt with the user's own random
 * salt, so one guess tests one user's passcode only and costs real memory and time. The passcode is
 * NFKC-normalised first, so the same characters typed on another keyboard or system give the same key.
 *
 * @example
 * const key = await derivePasscodeKey('correct horse battery staple', salt)
 */
export function derivePasscodeKey(
  passcode: string,
  salt: Uint8Array,
  kdf: PasscodeKdf = PASSCODE_KDF,
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    scrypt(
      passcode.normalize('NFKC'),
      salt,
      32,
      { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r },
      (error, key) => (error ? reject(error) : resolve(new Uint8Array(key))),
    )
  })
}
