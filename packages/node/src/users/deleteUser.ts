import { type Camelized, camelize } from '@satchel/core/admin'
import { z } from 'zod'
import { apiPath } from '../api/apiPath'
import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'

const answerSchema = z.object({ id: z.string(), deleted_at: z.string(), purge_after: z.string() })

/** When the user was deleted, and until when {@link restoreUser} can undo it (ISO-8601). */
export type DeleteUserReturnType = Camelized<z.infer<typeof answerSchema>>

/**
 * Deletes a user (`DELETE /api/v1/users/:user_id`): their sessions and wallets are revoked at once,
 * `user.deleted` is sent to the app's webhooks, and {@link restoreUser} can undo it until `purgeAfter`.
 *
 * @example
 * const { purgeAfter } = await deleteUser(context, { userId })
 */
export async function deleteUser(
  context: SatchelNodeContext,
  { userId }: { userId: string },
): Promise<DeleteUserReturnType> {
  return requestJson(context, { method: 'DELETE', path: apiPath`/users/${userId}` }, (body) =>
    camelize(answerSchema.parse(body)),
  )
}
