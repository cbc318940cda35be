import { useConsole } from '../../app/ConsoleContext'
import { UserList } from './UserList'
import { UserPage } from './UserPage'

/**
 * The Users screen: the table with search and paging, or one user's page (`/users/<id>`).
 *
 * @example
 * <UsersPage />
 */
export default function UsersPage() {
  const { path } = useConsole()
  const userId = path.startsWith('/users/') ? decodeURIComponent(path.slice('/users/'.length)) : undefined
  return userId ? <UserPage userId={userId} /> : <UserList />
}
