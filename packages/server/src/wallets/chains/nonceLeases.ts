import type { Db } from '../../platform/db/createDatabase'

export type NonceLeaseKey = { chainId: number; address: string }

/**
 * Takes the lease of a sender on a chain for `ttlMs`, in one statement (no transaction, no lock held
 * afterwards): the row is created on first use, and a lease that is free or has run out (its holder
 * died, or gave up) is taken over, as is the lease of `takeOverFrom` (a holder known to be dead) while
 * that holder still has it. Answers the manager's next nonce, or undefined while another holder's
 * lease runs. Expiry is reckoned by the database's clock, shared by every instance.
 *
 * @example
 * const next = await acquireNonceLease(ctx.db, { chainId: 1, address }, { token, ttlMs: 30_000 })
 */
export async function acquireNonceLease(
  db: Db,
  { chainId, address }: NonceLeaseKey,
  { token, ttlMs, takeOverFrom }: { token: string; ttlMs: number; takeOverFrom?: string },
): Promise<number | undefined> {
  const [row] = await db.query<{ next_nonce: string | number }>(
    `insert into chain_nonces (chain_id, address, lease_token, lease_expires_at)
     values ($1, $2, $3, now() + $4::int * interval '1 millisecond')
     on conflict (chain_id, address) do update
       set lease_token = excluded.lease_token, lease_expires_at = excluded.lease_expires_at
       where chain_nonces.lease_token is null or chain_nonces.lease_expires_at <= now()
         or chain_nonces.lease_token = $5
     returning next_nonce`,
    [chainId, address, token, Math.ceil(ttlMs), takeOverFrom ?? null],
  )
  return row === undefined ? undefined : Number(row.next_nonce)
}

/**
 * Who holds the lease of a sender on a chain (its token), or undefined when nobody does.
 *
 * @example
 * const holder = await readNonceLeaseHolder(ctx.db, { chainId: 1, address })
 */
export async function readNonceLeaseHolder(
  db: Db,
  { chainId, address }: NonceLeaseKey,
): Promise<string | undefined> {
  const [row] = await db.query<{ lease_token: string | null }>(
    'select lease_token from chain_nonces where chain_id = $1 and address = $2',
    [chainId, address],
  )
  return row?.lease_token ?? undefined
}

/**
 * True when `token` still holds the lease, which then stays its own until `db` (a transaction) ends:
 * the row is locked, so a takeover waits for that transaction and then sees what it recorded.
 *
 * @example
 * await db.transaction(async (tx) => { if (await holdsNonceLease(tx, key, token)) await record(tx) })
 */
export async function holdsNonceLease(
  db: Db,
  { chainId, address }: NonceLeaseKey,
  token: string,
): Promise<boolean> {
  const rows = await db.query(
    'select 1 from chain_nonces where chain_id = $1 and address = $2 and lease_token = $3 for update',
    [chainId, address, token],
  )
  return rows.length > 0
}

/**
 * Gives a lease back, in one statement, moving the next nonce past `used` when a transaction was
 * broadcast with it. The nonce moves forward even if the lease was lost meanwhile (it only ever
 * grows); the lease itself is cleared only if it is still this holder's (`token`), so a late release
 * never frees a lease someone else took over.
 *
 * @example
 * await releaseNonceLease(ctx.db, { chainId: 1, address }, { token, used: 7 })
 */
export async function releaseNonceLease(
  db: Db,
  { chainId, address }: NonceLeaseKey,
  { token, used }: { token: string; used: number | undefined },
): Promise<void> {
  await db.query(
    `update chain_nonces set
       next_nonce = greatest(next_nonce, coalesce($4::bigint + 1, 0)),
       lease_token = case when lease_token = $3 then null else lease_token end,
       lease_expires_at = case when lease_token = $3 then null else lease_expires_at end,
       updated_at = now()
     where chain_id = $1 and address = $2`,
    [chainId, address, token, used ?? null],
  )
}
