import { useState } from 'react'
import { useConsole } from '../../app/ConsoleContext'
import { consoleHref } from '../../app/useConsoleState'
import { useAdminRead } from '../../shared/api/useAdminRead'
import { Pager } from '../../shared/ui/Pager'
import { ReadView } from '../../shared/ui/ReadView'
import { UserSearch } from './UserSearch'
import { type AdminUser, describeAccount, formatTime, userListSchema } from './userSchemas'

/**
 * The app's users, newest first, 25 a page (a cursor per page, so paging stays put while people sign
 * up), and a search by any identifier: an id, an email, a phone, a wallet address, a subject.
 *
 * @example
 * <UserList />
 */
export function UserList() {
  const { appId } = useConsole()
  const [cursors, setCursors] = useState<string[]>([])
  const cursor = cursors.at(-1)
  const users = useAdminRead({
    path: '/api/v1/users',
    schema: userListSchema,
    appId,
    query: { limit: '25', cursor },
  })
  return (
    <section className="stack">
      <h1>Users</h1>
      <UserSearch />
      <ReadView read={users} what="users">
        {({ data, nextCursor }) => (
          <>
            {data.length === 0 ? <p>No users yet.</p> : <UserTable users={data} />}
            <Pager cursors={cursors} nextCursor={nextCursor} onChange={setCursors} />
            {users.status === 'pending' ? <span className="muted">Loading…</span> : null}
          </>
        )}
      </ReadView>
    </section>
  )
}

function UserTable({ users }: { users: AdminUser[] }) {
  const { navigate } = useConsole()
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Users</caption>
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Signs in with</th>
            <th scope="col">Wallets</th>
            <th scope="col">Created</th>
            <th scope="col">Last active</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>
                <a
                  className="mono"
                  href={consoleHref(`/users/${user.id}`)}
                  onClick={(event) => {
                    event.preventDefault()
                    navigate(`/users/${user.id}`)
                  }}
                >
                  {user.id}
                </a>
                {user.deletedAt ? <span className="badge badge--danger">deleted</span> : null}
              </td>
              <td>{user.linkedAccounts.map(describeAccount).join(', ') || '—'}</td>
              <td>{user.wallets.length}</td>
              <td>{formatTime(user.createdAt)}</td>
              <td>{formatTime(user.lastActiveAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
