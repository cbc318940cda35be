import { type AdminUserJson, adminUserJsonSchema, type Camelized, camelize } from '@satchel/core/admin'

/** A user of the app as the admin API shows them (times as ISO-8601 strings). */
export type AdminUser = Camelized<AdminUserJson>

/** One way in of a user: only the fields of its type are present. */
export type AdminLinkedAccount = AdminUser['linkedAccounts'][number]

/**
 * The API's `AdminUser` answer, checked and camelCased.
 *
 * @example
 * const user = toAdminUser((await requestApi(context, { method: 'GET', path })).body)
 */
export function toAdminUser(answer: unknown): AdminUser {
  return camelize(adminUserJsonSchema.parse(answer))
}
