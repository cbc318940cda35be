import type { ApproveRequestReturnType } from '@satchel/react/walletconnect-wallet'
import { useState } from 'react'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import { useEthereumWallet } from '../../shared/useEthereumWallet'
import { PairForm } from './PairForm'
import { ProposalCard } from './ProposalCard'
import { RequestCard } from './RequestCard'
import { SessionList } from './SessionList'
import { useConnectionsWallet } from './useConnectionsWallet'

/**
 * The wallet role's screen: requests from connected apps first (one at a time), then proposals waiting
 * for an answer, the link field, and the connected apps.
 */
export function WalletConnectScreen({ projectId, relayUrl }: { projectId: string; relayUrl: string }) {
  const wallet = useEthereumWallet()
  const walletConnect = useConnectionsWallet({ projectId, relayUrl })
  const { status, error, proposals, sessions, queue } = walletConnect
  const [answered, setAnswered] = useState<{ app: string; result: ApproveRequestReturnType | 'rejected' }>()

  if (!wallet) return <LoadingState label="Waiting for your wallet…" />
  return (
    <>
      {status === 'error' ? <ErrorMessage title="WalletConnect could not start" error={error} /> : null}
      {answered ? <AnswerNotice {...answered} /> : null}
      {queue.current ? (
        <RequestCard
          key={`${queue.current.topic}:${queue.current.id}`}
          request={queue.current}
          waiting={queue.waiting}
          approve={walletConnect.approveRequest}
          reject={walletConnect.rejectRequest}
          onAnswered={setAnswered}
        />
      ) : null}
      {proposals.map((proposal) => (
        <ProposalCard
          key={proposal.id}
          proposal={proposal}
          approve={walletConnect.approveSession}
          reject={walletConnect.rejectSession}
        />
      ))}
      <PairForm pair={walletConnect.pair} pairing={walletConnect.pairing} />
      <SessionList
        sessions={sessions}
        disconnect={walletConnect.disconnectSession}
        loading={status === 'starting'}
      />
    </>
  )
}

/** How the last request ended, announced once: approved, declined, or failed (the app was told). */
function AnswerNotice({ app, result }: { app: string; result: ApproveRequestReturnType | 'rejected' }) {
  if (result === 'rejected')
    return (
      <p className="notice" role="status">
        Rejected: {app} was told you declined.
      </p>
    )
  if (result.outcome === 'failed')
    return <ErrorMessage title={`${app}’s request failed`} error={result.error} />
  return (
    <p className="notice notice--success" role="status">
      Approved: your wallet answered {app}.
    </p>
  )
}
