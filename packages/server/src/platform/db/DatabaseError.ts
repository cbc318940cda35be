/** The fields of a PostgreSQL error that name a place in the schema, never a value. */
const SAFE_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'constraint', 'routine'] as const

type SafeField = (typeof SAFE_FIELDS)[number]

/**
 * A failed statement, as the rest of the server sees it: the SQLSTATE `code` (callers branch on
 * `23505` and the like), where in the schema it failed, and the statement's text, but none of its
 * parameters. The drivers' own errors carry them (PGlite attaches `params`; `detail` and `where`
 * quote the row or the JSON input; messages like `invalid input syntax for type uuid: "..."` quote
 * the value), and parameters hold codes, token hashes and addresses that must never reach a log.
 *
 * @example
 * try { await pool.query(sql, params) } catch (error) { throw DatabaseError.from(error, sql) }
 */
export class DatabaseError extends Error {
  override name = 'DatabaseError'
  readonly code: string | undefined
  readonly severity: string | undefined
  readonly schema: string | undefined
  readonly table: string | undefined
  readonly column: string | undefined
  readonly constraint: string | undefined
  readonly routine: string | undefined
  /** The statement, with `$1` placeholders: the values are never kept. */
  readonly sql: string

  private constructor(message: string, fields: Partial<Record<SafeField, string>>, sql: string) {
    super(message)
    this.code = fields.code
    this.severity = fields.severity
    this.schema = fields.schema
    this.table = fields.table
    this.column = fields.column
    this.constraint = fields.constraint
    this.routine = fields.routine
    this.sql = sql.length > 500 ? `${sql.slice(0, 500)}...` : sql
  }

  /**
   * A driver's error without its values. An error that is not from PostgreSQL (a refused connection)
   * is returned as it is, less any `params` a driver attached to it.
   */
  static from(error: unknown, sql: string): unknown {
    if (typeof error !== 'object' || error === null) return error
    if (!('severity' in error) || typeof error.severity !== 'string') {
      if ('params' in error) Reflect.deleteProperty(error, 'params')
      return error
    }
    const fields: Partial<Record<SafeField, string>> = {}
    for (const field of SAFE_FIELDS) {
      const value: unknown = Reflect.get(error, field)
      if (typeof value === 'string') fields[field] = value
    }
    const message = error instanceof Error ? error.message : 'database error'
    // A value is quoted after a colon at the end (`invalid input syntax for type uuid: "..."`,
    // `malformed array literal: "..."`); names of relations and constraints are quoted mid-sentence.
    return new DatabaseError(message.replace(/: ".*"$/s, ': "[redacted]"'), fields, sql)
  }
}
