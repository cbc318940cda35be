import type { ReactNode } from 'react'
import { ErrorMessage } from './ErrorMessage'
import { Loading } from './Loading'

type Read<data> = {
  status: 'pending' | 'success' | 'error'
  data: data | undefined
  error: Error | undefined
  refetch: () => void
}

/**
 * What every screen shows for a read: a wait, the failure with a retry, or the data.
 *
 * @example
 * <ReadView read={users} what="users">{(data) => <UserTable users={data.data} />}</ReadView>
 */
export function ReadView<data>({
  read,
  what,
  children,
}: {
  read: Read<data>
  what: string
  children: (data: data) => ReactNode
}) {
  if (read.data !== undefined) return <>{children(read.data)}</>
  if (read.status === 'error')
    return (
      <ErrorMessage title={`The ${what} could not be loaded`} error={read.error} onRetry={read.refetch} />
    )
  return <Loading label={`Loading ${what}…`} />
}
