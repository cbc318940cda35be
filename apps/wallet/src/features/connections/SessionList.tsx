import type { WalletConnectSession } from '@satchel/react/walletconnect-wallet'
import { useState } from 'react'
import { useSolanaClusters } from '../../shared/chains/solana/useSolanaClusters'
import { EmptyState } from '../../shared/ui/EmptyState'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import { AppIdentity } from './AppIdentity'
import { describeChain } from './describeChain'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** The apps this wallet is connected to, each with its networks, its expiry and Disconnect. */
export function SessionList({
  sessions,
  disconnect,
  loading,
}: {
  sessions: readonly WalletConnectSession[]
  disconnect: (topic: string) => Promise<void>
  loading: boolean
}) {
  const [failure, setFailure] = useState<unknown>()
  const clusters = useSolanaClusters()
  const [busy, setBusy] = useState<string | undefined>()
  const leave = (topic: string) => {
    setBusy(topic)
    setFailure(undefined)
    disconnect(topic).then(
      () => setBusy(undefined),
      (error: unknown) => {
        setBusy(undefined)
        setFailure(error)
      },
    )
  }
  return (
    <section className="card" aria-labelledby="connections-sessions-title">
      <h2 id="connections-sessions-title">Connected apps</h2>
      {loading ? <LoadingState label="Loading your connections…" /> : null}
      {!loading && sessions.length === 0 ? (
        <EmptyState title="No connected apps">
          <p>Paste a WalletConnect link above to connect this wallet to an app.</p>
        </EmptyState>
      ) : null}
      {failure ? <ErrorMessage title="The app could not be disconnected" error={failure} /> : null}
      <ul className="connections__sessions">
        {sessions.map((session) => (
          <li key={session.topic} className="connections__session">
            <AppIdentity app={session.app} headingLevel={3} />
            <p className="connections__meta muted">
              {session.chains.map((caip2) => describeChain(caip2, clusters)).join(', ')} · Expires{' '}
              <time dateTime={new Date(session.expiresAt).toISOString()}>
                {dateFormat.format(session.expiresAt)}
              </time>
            </p>
            <button
              type="button"
              className="button button--danger button--small"
              disabled={busy === session.topic}
              onClick={() => leave(session.topic)}
              aria-label={`Disconnect ${session.app.name}`}
            >
              {busy === session.topic ? 'Disconnecting…' : 'Disconnect'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
