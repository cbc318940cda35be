import { randomInt } from 'node:crypto'
import type { ServerContext } from '../identity/context'
import { createId, hashSecret } from '../platform/crypto/tokens'

type BackupCodeContext = Pick<ServerContext, 'db' | 'encryptionKey' | 'now'>

/** How many backup codes a set holds. */
export const BACKUP_CODE_COUNT = 10

// Crockford's base32 in lower case (no i, l, o, u): 10 characters are 50 bits, far beyond guessing
// within the guess limits, and nothing a person copying them by hand can confuse.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
const LENGTH = 10

/**
 * Replaces the user's backup codes with {@link BACKUP_CODE_COUNT} new ones and answers them, formatted
 * `xxxxx-xxxxx`: the only time they exist outside the user's hands, since only keyed hashes are kept.
 *
 * @example
 * const codes = await issueBackupCodes(ctx, userId) // ['7k2mq-x9d4e', ...]
 */
export async function issueBackupCodes(ctx: BackupCodeContext, userId: string): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, () =>
    Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  )
  const createdAt = new Date(ctx.now())
  await ctx.db.transaction(async (tx) => {
    await tx.query('delete from mfa_backup_codes where user_id = $1', [userId])
    for (const code of codes)
      await tx.query(
        'insert into mfa_backup_codes (id, user_id, code_hash, created_at) values ($1, $2, $3, $4)',
        [createId('mbc'), userId, hashBackupCode(ctx, userId, code), createdAt],
      )
  })
  return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`)
}

/**
 * Spends one of the user's backup codes: true when `code` was an unused one, which is marked used in
 * the same statement, so of two concurrent uses of one code only one succeeds. Spaces, dashes and
 * case are ignored, as a person may copy the code either way.
 *
 * @example
 * if (!(await useBackupCode(ctx, userId, '7K2MQ X9D4E'))) throw wrongCode()
 */
export async function useBackupCode(ctx: BackupCodeContext, userId: string, code: string): Promise<boolean> {
  const rows = await ctx.db.query(
    'update mfa_backup_codes set used_at = $3 where user_id = $1 and code_hash = $2 and used_at is null returning id',
    [userId, hashBackupCode(ctx, userId, code), new Date(ctx.now())],
  )
  return rows.length > 0
}

/** How many of the user's backup codes are still unused, and when the set was made. */
export async function countBackupCodes(
  ctx: BackupCodeContext,
  userId: string,
): Promise<{ remaining: number; createdAt: Date | null }> {
  const [row] = await ctx.db.query<{ remaining: number; created_at: Date | null }>(
    'select count(*) filter (where used_at is null)::int as remaining, max(created_at) as created_at from mfa_backup_codes where user_id = $1',
    [userId],
  )
  return { remaining: row?.remaining ?? 0, createdAt: row?.created_at ?? null }
}

/** Removes the user's backup codes (their last second factor is gone: the codes stand for nothing). */
export async function deleteBackupCodes(ctx: BackupCodeContext, userId: string): Promise<void> {
  await ctx.db.query('delete from mfa_backup_codes where user_id = $1', [userId])
}

function hashBackupCode(ctx: BackupCodeContext, userId: string, code: string): Buffer {
  return hashSecret(ctx.encryptionKey, 'mfa_backup_code', userId, code.toLowerCase().replace(/[\s-]/g, ''))
}
