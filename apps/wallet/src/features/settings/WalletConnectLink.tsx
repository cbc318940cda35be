import { useWalletConnect } from '@satchel/react'
import { useEffect, useId, useRef, useState } from 'react'
import { CopyButton } from '../../shared/ui/CopyButton'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { QrCode } from '../../shared/ui/QrCode'

type Outcome = { status: 'running' } | { status: 'done' } | { status: 'failed'; error: unknown }

/**
 * Links an external wallet over WalletConnect: a QR code for a phone wallet, the `wc:` link to copy
 * or open in a wallet app on this device, the wait for approval and the signature, then the outcome.
 * Leaving before the wallet answers withdraws the code.
 *
 * @example
 * <WalletConnectLink onClose={() => setOpen(false)} onLinked={announce} />
 */
export function WalletConnectLink({ onClose, onLinked }: { onClose: () => void; onLinked: () => void }) {
  // Try again is a new attempt from scratch: a fresh component, whose mount starts the link.
  const [attempt, setAttempt] = useState(0)
  return (
    <LinkAttempt
      key={attempt}
      onClose={onClose}
      onLinked={onLinked}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  )
}

function LinkAttempt({
  onClose,
  onLinked,
  onRetry,
}: {
  onClose: () => void
  onLinked: () => void
  onRetry: () => void
}) {
  const { state, uri, link, disconnect } = useWalletConnect()
  const [outcome, setOutcome] = useState<Outcome>({ status: 'running' })
  const linked = useRef(onLinked)
  const heading = useRef<HTMLHeadingElement>(null)
  const id = useId()
  useEffect(() => {
    linked.current = onLinked
  })
  useEffect(() => heading.current?.focus(), [])

  useEffect(() => {
    let active = true
    setOutcome({ status: 'running' })
    link().then(
      () => {
        if (!active) return
        setOutcome({ status: 'done' })
        linked.current()
        // Linked: the session has done its job here; the wallet is told at once.
        void disconnect()
      },
      (error: unknown) => {
        if (!active) return
        setOutcome({ status: 'failed', error })
        void disconnect()
      },
    )
    return () => {
      active = false
      void disconnect()
    }
  }, [link, disconnect])

  const expired = state.status === 'expired' && state.what === 'pairing'
  return (
    <section className="settings__form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Link a wallet with WalletConnect
      </h3>
      {outcome.status === 'failed' ? (
        <ErrorMessage
          error={expired ? new Error('This code has expired (codes last 5 minutes).') : outcome.error}
          onRetry={onRetry}
        />
      ) : outcome.status === 'done' ? null : state.status === 'connected' ? (
        <p role="status">
          Connected to {state.session.peer.name}. Sign the message in your wallet to link it…
        </p>
      ) : uri ? (
        <>
          <p>Scan with your phone’s wallet app, or open a wallet app on this device.</p>
          <QrCode value={uri} label="QR code with the WalletConnect link" />
          <div className="field">
            <label className="field__label" htmlFor={`${id}-uri`}>
              WalletConnect link
            </label>
            <input
              id={`${id}-uri`}
              className="input"
              readOnly
              value={uri}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <div className="actions">
            <CopyButton value={uri} label="Copy link" />
            <a className="button button--secondary button--small" href={uri}>
              Open in a wallet app
            </a>
          </div>
          <p role="status">Waiting for your wallet to approve…</p>
        </>
      ) : (
        <p role="status">Connecting to WalletConnect…</p>
      )}
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {outcome.status === 'done' ? 'Close' : 'Cancel'}
        </button>
      </div>
    </section>
  )
}
