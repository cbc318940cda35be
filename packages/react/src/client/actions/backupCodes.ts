import { MFA_VERIFICATION_TTL_SECONDS } from '@satchel/core'
import type { SatchelClient } from '../createSatchelClient'
import { isRecord, readString } from '../parse'
import { requireFeature } from './requireFeature'

const feature = 'MFA backup codes'
const path = '/api/v1/mfa/backup_codes'

/** The codes of a new set, as the server formats them (`xxxxx-xxxxx`); shown once, stored nowhere. */
export type BackupCodes = readonly string[]

/** Reads `backup_codes` from an answer (empty when the answer has none). */
export function readBackupCodes(answer: unknown): BackupCodes {
  const codes = isRecord(answer) ? answer.backupCodes : undefined
  return Array.isArray(codes) ? codes.filter((code): code is string => typeof code === 'string') : []
}

/**
 * Makes 10 new MFA backup codes; the old ones stop working. Signed, and the server asks for a fresh
 * second factor first (verify one, then call again).
 *
 * @example
 * const codes = await generateBackupCodes(client) // ['7k2mq-x9d4e', ...]
 */
export async function generateBackupCodes(client: SatchelClient): Promise<BackupCodes> {
  const answer = await requireFeature(feature, () =>
    client.request({ method: 'POST', path, body: {}, auth: true, signed: {} }),
  )
  return readBackupCodes(answer)
}

/**
 * How many of the user's backup codes are unused (0 when they never made any).
 *
 * @example
 * const { remaining } = await getBackupCodeCount(client)
 */
export async function getBackupCodeCount(client: SatchelClient): Promise<{ remaining: number }> {
  const answer = await requireFeature(feature, () => client.request({ method: 'GET', path, auth: true }))
  const remaining = isRecord(answer) ? answer.remaining : undefined
  return { remaining: typeof remaining === 'number' ? remaining : 0 }
}

/**
 * Passes MFA with a backup code in place of a TOTP or SMS code (the code is then spent); wallet
 * requests carry the MFA token for the next 15 minutes.
 *
 * @example
 * await verifyMfaWithBackupCode(client, { code: '7k2mq-x9d4e' })
 */
export async function verifyMfaWithBackupCode(
  client: SatchelClient,
  { code }: { code: string },
): Promise<void> {
  const verify = `${path}/verify`
  const answer = await requireFeature(feature, () =>
    client.request({ method: 'POST', path: verify, body: { code: code.trim() }, auth: true }),
  )
  client.setMfaToken(readString(answer, 'token', verify), Date.now() + MFA_VERIFICATION_TTL_SECONDS * 1000)
}
