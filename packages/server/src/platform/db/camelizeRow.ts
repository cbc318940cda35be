/** `snake_case` as `camelCase`, in the type system. */
type CamelCase<name extends string> = name extends `${infer head}_${infer tail}`
  ? `${head}${Capitalize<CamelCase<tail>>}`
  : name

/** A row's columns under their camelCase names, each with its column's type. */
export type CamelizedRow<row> = {
  [column in keyof row as column extends string ? CamelCase<column> : column]: row[column]
}

/**
 * A database row as a record: every column under its camelCase name, its value as the driver gave
 * it. Select the columns the record has (or `*` on a table whose columns are all the record's).
 *
 * @example
 * const policy: Policy = camelizeRow(row) // { id, appId, ownerUserId, ... }
 */
export function camelizeRow<row extends Record<string, unknown>>(row: row): CamelizedRow<row> {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase()),
      value,
    ]),
  ) as CamelizedRow<row>
}
