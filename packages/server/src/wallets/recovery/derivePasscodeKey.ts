import { scrypt } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { createConcurrencyLimit } from '../../platform/http/createConcurrencyLimit'

/** scrypt cost for recovery passcodes: about 32 MiB and a few tens of milliseconds per guess. */
export const PASSCODE_KDF = { N: 2 ** 15, r: 8, p: 1 } as const
export type PasscodeKdf = { N: number; r: number; p: number }

/**
 * Passcode derivations at once in this process: half the machine's cores (one on two), so scrypt's
 * CPU and 32 MiB each never starve the requests around them; and 8 more may wait. Beyond that a
 * derivation is refused with `too_many_requests`: 113 passcode calls in 2 s once held another user's
 * wallet creation for 1.9 s (bench/passcode-flood). Per process, so each API instance bounds its own.
 */
export const PASSCODE_KDF_SLOTS = Math.max(1, Math.floor(availableParallelism() / 2))
export const passcodeKdfLimit = createConcurrencyLimit({ slots: PASSCODE_KDF_SLOTS, queue: 8 })

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
