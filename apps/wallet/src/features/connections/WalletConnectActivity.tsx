import { useState } from 'react'
import { Link } from '../../app/router/Link'
import { useLocation } from '../../app/router/useLocation'
import { useConnectionsWallet } from './useConnectionsWallet'
import './connections.css'

/**
 * The wallet role running behind every screen: it keeps sessions answering, feeds the Connections
 * badge (through useConnectionsWallet), and says politely, outside Connections, which app asks for a
 * signature, with a link to answer it there. Dismissed, it stays quiet until the next request.
 */
export default function WalletConnectActivity({
  projectId,
  relayUrl,
}: {
  projectId: string
  relayUrl: string
}) {
  const { queue } = useConnectionsWallet({ projectId, relayUrl })
  const { pathname } = useLocation()
  const [dismissed, setDismissed] = useState<string>()
  const current = queue.current
  const key = current ? `${current.topic}:${current.id}` : undefined
  // On Connections the request itself is on screen, with the focus.
  const open = current !== undefined && pathname !== '/connections' && dismissed !== key
  return (
    <div className={open ? 'connections-toast connections-toast--open' : 'connections-toast'}>
      {/* Always present, so the sentence is announced when it appears. */}
      <p className="connections-toast__text" role="status">
        {open ? (
          <>
            <strong>{current.app?.name ?? 'An app'}</strong> asks you to sign
            {queue.waiting > 0 ? ` (${queue.waiting} more waiting)` : ''}
          </>
        ) : null}
      </p>
      {open ? (
        <div className="connections-toast__actions">
          <Link to="/connections" className="button button--small">
            Review in Connections
          </Link>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setDismissed(key)}
          >
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  )
}
