import { useConsole } from '../../app/ConsoleContext'
import { useOperatorAccess } from '../../app/useOperatorAccess'
import { useAdminRead } from '../../shared/api/useAdminRead'
import { ReadView } from '../../shared/ui/ReadView'
import { AuditTable } from '../audit/AuditTable'
import { auditListSchema } from '../audit/auditSchemas'
import { DelegatedSigners } from '../policies/DelegatedSigners'
import { DeleteUser } from './DeleteUser'
import { SessionList } from './SessionList'
import { adminUserSchema, describeAccount, formatTime } from './userSchemas'
import { WalletList } from './WalletList'

/**
 * One user: how they sign in, their wallets with balances, their sessions (revocable), their audit
 * trail, and deletion (restorable for the app's grace period). A viewer reads it all and changes
 * nothing.
 *
 * @example
 * <UserPage userId="usr_1" />
 */
export function UserPage({ userId }: { userId: string }) {
  const { appId, navigate } = useConsole()
  const user = useAdminRead({
    path: `/api/v1/users/${encodeURIComponent(userId)}`,
    schema: adminUserSchema,
    appId,
  })
  const audit = useAdminRead({
    path: '/api/v1/audit',
    schema: auditListSchema,
    appId,
    query: { user_id: userId, limit: '20' },
  })
  const access = useOperatorAccess()
  return (
    <section className="stack">
      <button
        type="button"
        className="button button--secondary button--small back"
        onClick={() => navigate('/users')}
      >
        ← All users
      </button>
      <h1 className="mono break">User {userId}</h1>
      <ReadView read={user} what="user">
        {(data) => (
          <>
            <p className="muted">
              Created {formatTime(data.createdAt)} · last active {formatTime(data.lastActiveAt)}
              {data.mfaMethods.length ? ` · MFA: ${data.mfaMethods.join(', ')}` : ''}
            </p>
            <section className="card stack-small" aria-labelledby="accounts">
              <h2 id="accounts">Linked accounts</h2>
              <ul className="list">
                {data.linkedAccounts.map((account) => (
                  <li key={describeAccount(account)} className="list__item break">
                    {describeAccount(account)}
                  </li>
                ))}
              </ul>
            </section>
            <section className="card stack-small" aria-labelledby="wallets">
              <h2 id="wallets">Wallets</h2>
              <WalletList wallets={data.wallets} />
              <h3>Delegated signers</h3>
              <DelegatedSigners userId={userId} />
            </section>
            <section className="card stack-small" aria-labelledby="sessions">
              <h2 id="sessions">Sessions</h2>
              <SessionList userId={userId} canRevoke={access === 'change'} />
            </section>
            <DeleteUser user={data} canChange={access === 'change'} onChange={user.refetch} />
            {access === 'read' ? (
              <p className="muted">
                As a viewer you can read this user; an owner or admin revokes their sessions and deletes or
                restores them.
              </p>
            ) : null}
          </>
        )}
      </ReadView>
      <section className="card stack-small" aria-labelledby="trail">
        <h2 id="trail">Audit trail</h2>
        <ReadView read={audit} what="audit trail">
          {({ data }) => <AuditTable entries={data} />}
        </ReadView>
      </section>
    </section>
  )
}
