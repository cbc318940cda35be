/**
 * An admin API path with every interpolated id escaped, so an id can never step into another route
 * (`../secrets`) or cut the path short (`?`).
 *
 * @example
 * apiPath`/users/${userId}/restore` // '/api/v1/users/usr%2F1/restore' for 'usr/1'
 */
export function apiPath(texts: TemplateStringsArray, ...ids: readonly string[]): string {
  return ids.reduce(
    (path, id, index) => `${path}${encodeURIComponent(id)}${texts[index + 1]}`,
    `/api/v1${texts[0]}`,
  )
}
