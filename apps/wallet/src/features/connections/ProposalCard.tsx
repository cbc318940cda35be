import type { WalletConnectProposal } from '@satchel/react/walletconnect-wallet'
import { useEffect, useId, useRef, useState } from 'react'
import { useSolanaClusters } from '../../shared/chains/solana/useSolanaClusters'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { AppIdentity } from './AppIdentity'
import { describeChain } from './describeChain'
import { describePermissions } from './describePermissions'

/**
 * An app asks to connect: who it says it is, the networks and requests it wants (those this wallet
 * does not offer are marked), then Approve or Reject. A proposal that cannot be served is only
 * declined, and the app is told why with the standard error.
 */
export function ProposalCard({
  proposal,
  approve,
  reject,
}: {
  proposal: WalletConnectProposal
  approve: (id: number) => Promise<unknown>
  reject: (id: number) => Promise<void>
}) {
  const [state, setState] = useState<{ status: 'idle' | 'busy' } | { status: 'error'; error: unknown }>({
    status: 'idle',
  })
  const id = useId()
  const clusters = useSolanaClusters()
  const title = useRef<HTMLParagraphElement>(null)
  // The request appears above the link field: take the keyboard (and a screen reader) to it.
  useEffect(() => title.current?.focus(), [])
  const run = (action: (id: number) => Promise<unknown>) => {
    setState({ status: 'busy' })
    action(proposal.id).then(
      () => setState({ status: 'idle' }),
      (error: unknown) => setState({ status: 'error', error }),
    )
  }
  const busy = state.status === 'busy'
  return (
    <section className="card connections__proposal" aria-labelledby={`${id}-title`}>
      <p className="connections__kicker" id={`${id}-title`} ref={title} tabIndex={-1}>
        Connection request
      </p>
      <AppIdentity app={proposal.app} />
      <h3>Networks</h3>
      <ul className="connections__tags">
        {proposal.chains.map((chain) => (
          <li
            key={chain.caip2}
            className={chain.supported ? 'connections__tag' : 'connections__tag connections__tag--off'}
          >
            {describeChain(chain.caip2, clusters)}
            {chain.supported ? null : <span> (not available)</span>}
          </li>
        ))}
      </ul>
      <h3>It will be able to</h3>
      <p>
        {describePermissions(
          proposal.methods.filter((method) => method.supported).map((method) => method.name),
          proposal.chains
            .filter((chain) => chain.supported)
            .map((chain) => describeChain(chain.caip2, clusters)),
        )}
        .
      </p>
      {proposal.methods.some((method) => !method.supported) ? (
        <p className="field__hint">
          Not offered by this wallet:{' '}
          {proposal.methods
            .filter((method) => !method.supported)
            .map((method) => method.name)
            .join(', ')}
          .
        </p>
      ) : null}
      <p className="field__hint">Nothing is signed or sent without your approval.</p>
      {proposal.refusal ? (
        <p className="notice notice--warning" role="alert">
          {proposal.refusal.message}, so it cannot be connected.
        </p>
      ) : null}
      {state.status === 'error' ? <ErrorMessage title="The connection failed" error={state.error} /> : null}
      <div className="actions">
        {proposal.refusal ? null : (
          <button type="button" className="button" disabled={busy} onClick={() => run(approve)}>
            {busy ? 'Working…' : 'Approve'}
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => run(reject)}
        >
          {proposal.refusal ? 'Decline' : 'Reject'}
        </button>
      </div>
    </section>
  )
}
