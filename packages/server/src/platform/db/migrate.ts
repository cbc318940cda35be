import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Db } from './createDatabase'

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations')
// Any constant works; it only has to be the same for every instance of the server.
const MIGRATION_LOCK_ID = 7_305_114

/**
 * Applies the SQL files in `migrations/` that have not run yet, in name order, each in its own
 * transaction. An advisory lock makes instances that start together take turns.
 */
export async function migrate(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID])
    await tx.query(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    )
    const done = new Set(
      (await tx.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
    )
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort()
    const applied: string[] = []
    for (const file of files) {
      if (done.has(file)) continue
      await execMulti(tx, await readFile(join(MIGRATIONS_DIR, file), 'utf8'))
      await tx.query('insert into schema_migrations (name) values ($1)', [file])
      applied.push(file)
    }
    return applied
  })
}

/** Runs a file of statements one by one (extended-protocol queries take one statement each). */
async function execMulti(db: Db, sql: string): Promise<void> {
  for (const statement of splitStatements(sql)) await db.query(statement)
}

/** Splits on `;` at line ends, keeping `$$ ... $$` bodies (functions, triggers) whole. */
export function splitStatements(sql: string): string[] {
  const out: string[] = []
  let current = ''
  let inDollar = false
  for (const line of sql.split('\n')) {
    if (line.trim().startsWith('--') && !inDollar) continue
    current += `${line}\n`
    const dollars = line.match(/\$\$/g)?.length ?? 0
    if (dollars % 2 === 1) inDollar = !inDollar
    if (!inDollar && line.trimEnd().endsWith(';')) {
      out.push(current.trim())
      current = ''
    }
  }
  if (current.trim()) out.push(current.trim())
  return out
}
