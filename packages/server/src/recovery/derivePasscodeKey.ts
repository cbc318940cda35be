import { scrypt } from 'node:crypto'
import { createConcurrencyLimit } from '../http/createConcurrencyLimit'

/** scrypt cost for recovery passcodes: about 32 MiB and a few tens of milliseconds per guess. */
export const PASSCODE_KDF = { N: 2 ** 15, r: 8, p: 1 } as const
export type PasscodeKdf = { N: number; r: number; p: number }

/**
 * Passcode derivations at once in this process, and waiting: 2 x 32 MiB at most, and two of libuv's
 * four threads left for everything else (wallet creation, other crypto, files). Beyond the queue a
 * derivation is refused with `too_many_requests`: 113 passcode calls in 2 s once held another user's
 * wallet creation for 1.9 s. Per process, so each API instance of a fleet bounds its own.
 */
export const passcodeKdfLimit = createConcurrencyLimit({ slots: 2, queue: 8 })

/**
 * The 32-byte key a recovery passcode seals the auth share under: scrypt with the user's own random
 * salt, so one guess tests one user's passcode only and costs real memory and time. The passcode is
 * NFKC-normalised first, so the same characters typed on another keyboard or system give the same key.
 * Bounded by {@link passcodeKdfLimit}: `too_many_requests` when the process already has enough of them.
 *
 * @example
 * const key = await derivePasscodeKey('correct horse battery staple', salt)
 */
export function derivePasscodeKey(
  passcode: string,
  salt: Uint8Array,
  kdf: PasscodeKdf = PASSCODE_KDF,
): Promise<Uint8Array> {
  return passcodeKdfLimit.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(
          passcode.normalize('NFKC'),
          salt,
          32,
          { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r },
          (error, key) => (error ? reject(error) : resolve(new Uint8Array(key))),
        )
      }),
  )
}
