/** A plain JSON object: what the wallet checks before reading fields of stored or fetched JSON. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
