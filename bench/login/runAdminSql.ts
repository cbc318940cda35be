import pg from 'pg'

/**
 * One statement on the PostgreSQL server as its administrator (creating and dropping a benchmark's
 * databases), on a connection of its own that gives up after 2 s when the server is not there.
 *
 * @example
 * await runAdminSql('postgres://postgres@127.0.0.1:5432/test', 'create database bench_1')
 */
export async function runAdminSql(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
