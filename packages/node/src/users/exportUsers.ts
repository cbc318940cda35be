import { openApiResponse } from '../api/requestApi'
import type { SatchelNodeContext } from '../types'
import { type AdminUser, toAdminUser } from './toAdminUser'

/**
 * Every user of the app, read as the server streams them (`GET /api/v1/users/export`, JSON Lines):
 * the whole list is never held in memory on either side.
 *
 * @example
 * for await (const user of exportUsers(context)) console.log(user.id)
 */
export async function* exportUsers(context: SatchelNodeContext): AsyncGenerator<AdminUser> {
  const response = await openApiResponse(context, { method: 'GET', path: '/api/v1/users/export' })
  const reader = response.body?.getReader()
  if (!reader) return
  const decoder = new TextDecoder()
  let buffered = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    buffered += decoder.decode(value, { stream: true })
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) if (line.trim()) yield toAdminUser(JSON.parse(line))
  }
  if (buffered.trim()) yield toAdminUser(JSON.parse(buffered))
}
