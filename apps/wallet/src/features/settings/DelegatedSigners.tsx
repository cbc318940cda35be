import { formatAddress } from '@satchel/core'
import { type Policy, type SessionSigner, useSessionSigners, type WalletSessionSigners } from '@satchel/react'
import { useId, useState } from 'react'
import { isStepUpRequired } from '../../shared/stepUp/isStepUpRequired'
import { useStepUp } from '../../shared/stepUp/useStepUp'
import { EmptyState } from '../../shared/ui/EmptyState'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import { AddDelegatedSigner } from './AddDelegatedSigner'
import { useDelegations } from './useDelegations'

/** A short, stable name for a key a person can compare with what the app shows: its x, shortened. */
export const describeSignerKey = (signer: Pick<SessionSigner, 'publicKey'>) =>
  `Server key ${signer.publicKey.x.slice(0, 8)}…`

type Busy = { pending: 'revoke-all' | string; error?: undefined } | { pending?: undefined; error?: unknown }

/**
 * Delegated signers: app servers the user allowed to sign for a wallet within policies, listed per
 * wallet with their limits. Each can be removed (the wallet's list is set again, signed with the
 * session key), or all at once with `POST /api/v1/wallets/revoke`. Granting one is the consent form.
 */
export function DelegatedSigners() {
  const { updateSessionSigners, revokeSessionSigners } = useSessionSigners()
  const { delegations, reload } = useDelegations()
  const [busy, setBusy] = useState<Busy>({})
  const [notice, setNotice] = useState<string | undefined>(undefined)
  const stepUp = useStepUp()
  const askStepUp = (retry: () => void) =>
    stepUp.ask("Changing who can sign for your wallet needs you to confirm it's you.", retry)
  const id = useId()

  const finish = (task: Promise<unknown>, done: string, retry: () => void) =>
    task.then(
      () => {
        setBusy({})
        setNotice(done)
        reload()
      },
      (error: unknown) => {
        setBusy({})
        if (isStepUpRequired(error)) askStepUp(retry)
        else setBusy({ error })
      },
    )
  const revokeAll = () => {
    setNotice(undefined)
    setBusy({ pending: 'revoke-all' })
    revokeSessionSigners().then(
      (message) => {
        setBusy({})
        setNotice(`${message}.`)
        reload()
      },
      (error: unknown) => {
        setBusy({})
        if (isStepUpRequired(error)) askStepUp(revokeAll)
        else setBusy({ error })
      },
    )
  }
  const remove = (wallet: WalletSessionSigners, signer: SessionSigner) => {
    setNotice(undefined)
    setBusy({ pending: signer.id })
    const rest = wallet.signers.filter((other) => other.id !== signer.id)
    void finish(
      updateSessionSigners({ walletId: wallet.walletId, signers: rest }),
      `Removed ${describeSignerKey(signer)}.`,
      () => remove(wallet, signer),
    )
  }

  const wallets = delegations.status === 'ready' ? delegations.wallets : []
  const count = wallets.reduce((total, wallet) => total + wallet.signers.length, 0)
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Delegated signers</h2>
      <p>
        Apps you allowed to sign for you (within limits you agreed to) keep that power until you remove it.
      </p>
      {delegations.status === 'loading' ? <LoadingState label="Loading delegated signers…" /> : null}
      {delegations.status === 'error' ? <ErrorMessage error={delegations.error} onRetry={reload} /> : null}
      <div aria-live="polite">{notice ? <p className="notice notice--success">{notice}</p> : null}</div>
      {busy.error ? <ErrorMessage error={busy.error} /> : null}
      {stepUp.prompt}
      {delegations.status === 'ready' && count === 0 ? (
        <EmptyState title="No app can sign for you">
          When an app asks to sign for you while you are away, it appears here until you remove it.
        </EmptyState>
      ) : null}
      {delegations.status === 'ready' && count > 0 ? (
        <>
          {wallets
            .filter((wallet) => wallet.signers.length > 0)
            .map((wallet) => (
              <div key={wallet.walletId}>
                <h3 className="settings__subtitle">
                  {wallet.chainType === 'solana' ? 'Solana' : 'Ethereum'} wallet{' '}
                  {formatAddress(wallet.address)}
                </h3>
                <ul
                  className="settings__list"
                  aria-label={`Delegated signers of wallet ${formatAddress(wallet.address)}`}
                >
                  {wallet.signers.map((signer) => (
                    <li key={signer.id} className="settings__item">
                      <span>
                        <span className="settings__meta mono">{describeSignerKey(signer)}</span>
                        <span className="settings__meta field__hint">
                          {describeLimits(signer, delegations.policies)}
                        </span>
                      </span>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => remove(wallet, signer)}
                        disabled={busy.pending !== undefined}
                        aria-label={`Remove ${describeSignerKey(signer)}`}
                      >
                        {busy.pending === signer.id ? 'Removing…' : 'Remove'}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          <button
            type="button"
            className="button button--danger"
            onClick={revokeAll}
            disabled={busy.pending !== undefined}
          >
            {busy.pending === 'revoke-all'
              ? 'Revoking…'
              : `Revoke all ${count} delegated signer${count === 1 ? '' : 's'}`}
          </button>
        </>
      ) : null}
      {delegations.status === 'ready' ? (
        <AddDelegatedSigner
          wallets={wallets}
          policies={delegations.policies}
          onAdded={(message) => {
            setNotice(message)
            reload()
          }}
          onNeedsMfa={askStepUp}
        />
      ) : null}
    </section>
  )
}

function describeLimits(signer: SessionSigner, policies: readonly Policy[]): string {
  if (signer.policyIds.length === 0) return 'No policy: it may sign anything for this wallet.'
  const names = signer.policyIds.map((policyId) => policies.find((p) => p.id === policyId)?.name ?? policyId)
  return `Limited by ${names.join(', ')}`
}
