/**
 * Where secrets live in `apps.settings`: OAuth client secrets (and Apple's signing key, from which its
 * client secret is minted), the Telegram bot token, and the recovery OAuth client's secret. `*` stands
 * for every key of an object (one entry per OAuth provider). A secret setting added here is from then
 * on sealed at rest, opened only where it is read, and rewritten sealed at the next start if an older
 * server stored it in plaintext.
 */
export const APP_SECRET_FIELDS: ReadonlyArray<readonly string[]> = [
  ['oauth', 'providers', '*', 'clientSecret'],
  ['oauth', 'providers', '*', 'apple', 'privateKeyPem'],
  ['telegram', 'botToken'],
  ['recoveryOAuth', 'clientSecret'],
]

/** One secret setting that is present in an app's settings. */
export type AppSecretField = {
  /** The concrete path: `['oauth', 'providers', 'google', 'clientSecret']`. */
  path: readonly string[]
  /**
   * What the sealed value is bound to: the app id and the field's name. A sealed secret copied onto
   * another app, or onto another field of the same app, fails to open.
   */
  associatedData: string
  /** As stored: sealed, or a plaintext string from before sealing, or anything an operator put there. */
  value: unknown
}

/**
 * A copy of an app's settings in which each secret setting present is replaced by what `replace`
 * returns for it (`undefined` removes the field). Everything else is copied unchanged; the input is
 * never modified, so an app object held in a cache keeps its sealed values.
 *
 * @example
 * const names: string[] = []
 * mapAppSecretFields('app_1', settings, (field) => {
 *   names.push(field.path.join('.'))
 *   return field.value
 * })
 */
export function mapAppSecretFields<Settings>(
  appId: string,
  settings: Settings,
  replace: (field: AppSecretField) => unknown,
): Settings {
  // Only leaves at secret paths change, and every pattern has at least one step, so the copy's root
  // (and its type: settings hold secrets under `unknown` keys) is the input's.
  const copy = structuredClone(settings)
  for (const pattern of APP_SECRET_FIELDS) visit(copy, pattern, [], appId, replace)
  return copy
}

function visit(
  node: unknown,
  rest: readonly string[],
  at: readonly string[],
  appId: string,
  replace: (field: AppSecretField) => unknown,
): unknown {
  const [head, ...tail] = rest
  if (head === undefined)
    return node === undefined
      ? node
      : replace({ path: at, associatedData: `${appId}:${at.join('.')}`, value: node })
  if (!isRecord(node)) return node
  const keys = head === '*' ? Object.keys(node) : Object.hasOwn(node, head) ? [head] : []
  for (const key of keys) {
    // Settings come from jsonb: a key named __proto__ would otherwise set the copy's prototype.
    if (key === '__proto__') continue
    const next = visit(node[key], tail, [...at, key], appId, replace)
    if (next === undefined) delete node[key]
    else node[key] = next
  }
  return node
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
