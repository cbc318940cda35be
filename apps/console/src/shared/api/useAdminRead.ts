import { useRead, useSatchelClient } from '@satchel/react'
import type { z } from 'zod'
import { adminRequest } from './adminRequest'

export type UseAdminReadParameters<schema extends z.ZodType> = {
  path: string
  schema: schema
  query?: Record<string, string | undefined> | undefined
  /** The app the read is about; the console's own routes leave it out. */
  appId?: string | undefined
  enabled?: boolean | undefined
  /** Reads again every so many milliseconds while shown (a delivery log that fills by itself). */
  refetchInterval?: number | undefined
}

/**
 * A read of the admin API into a screen, through the SDK's `useRead` (status, data, error, refetch;
 * cancelled when the screen goes), checked against `schema` so a surprising answer is an error on the
 * screen rather than a broken table.
 *
 * @example
 * const users = useAdminRead({ path: '/api/v1/users', schema: userListSchema, appId })
 */
export function useAdminRead<schema extends z.ZodType>({
  path,
  schema,
  query,
  appId,
  enabled = true,
  refetchInterval,
}: UseAdminReadParameters<schema>) {
  const client = useSatchelClient()
  return useRead<z.infer<schema>>({
    queryKey: ['console', appId ?? '', path, query ?? {}],
    queryFn: async ({ signal }) =>
      schema.parse(await adminRequest(client, { method: 'GET', path, query, appId, signal })),
    enabled,
    retry: 1,
    refetchInterval,
  })
}
