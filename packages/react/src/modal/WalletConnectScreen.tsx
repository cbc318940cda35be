import { createQrCode } from '@satchel/core'
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { SatchelClient } from '../client/createSatchelClient'
import type { WalletConnectDappState } from '../walletconnect/dapp/createWalletConnectDapp'
import { getWalletConnectDapp, type WalletConnectConfig } from '../walletconnect/dapp/getWalletConnectDapp'
import { holdWalletConnectDapp } from '../walletconnect/dapp/holdWalletConnectDapp'
import { linkWithWalletConnect } from '../walletconnect/dapp/linkWithWalletConnect'
import { loginWithWalletConnect } from '../walletconnect/dapp/loginWithWalletConnect'
import { describeError } from './describeError'

export type WalletConnectScreenProps = {
  client: SatchelClient
  config: WalletConnectConfig
  /** `login` signs in (the modal); `link` adds the wallet to the signed-in user (settings). */
  intent?: 'login' | 'link' | undefined
  /** Called once the wallet is linked or signed in. */
  onDone?: (() => void) | undefined
}

type Outcome =
  | { status: 'running' }
  | { status: 'done'; address: string }
  | { status: 'failed'; error: string }

/** Why the wait ended, in words, when the state says it (an expiry, a disconnect). */
function describeEnd(state: WalletConnectDappState): string | undefined {
  if (state.status === 'expired')
    return state.what === 'pairing'
      ? 'This code has expired (codes last 5 minutes). Show a new one to try again.'
      : 'The WalletConnect session has expired.'
  if (state.status === 'disconnected')
    return state.by === 'wallet' ? 'The wallet ended the connection.' : 'The connection was cancelled.'
  return undefined
}

/**
 * The WalletConnect screen: a QR code for a phone wallet to scan, the `wc:` link to copy, and a link
 * that opens a wallet app on this device; then the wait for the wallet to approve and sign, and the
 * outcome or the error in words. Loaded lazily with the WalletConnect client and the QR encoder.
 *
 * @example
 * <WalletConnectScreen client={client} config={{ projectId, relayUrl }} intent="link" />
 */
export default function WalletConnectScreen({
  client,
  config,
  intent = 'login',
  onDone,
}: WalletConnectScreenProps) {
  const dapp = useMemo(() => getWalletConnectDapp(client, config), [client, config])
  const state = useSyncExternalStore(dapp.subscribe, dapp.getState, dapp.getState)
  // The relay stays open while the screen shows (and closes after, unless another user holds it).
  useEffect(() => holdWalletConnectDapp(dapp), [dapp])
  const [attempt, setAttempt] = useState(0)
  const [outcome, setOutcome] = useState<Outcome>({ status: 'running' })
  const [copied, setCopied] = useState(false)
  const retry = useRef<HTMLButtonElement>(null)
  const id = useId()
  const done = useRef(onDone)
  useEffect(() => {
    done.current = onDone
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Try again button: a new one starts over.
  useEffect(() => {
    let active = true
    setOutcome({ status: 'running' })
    setCopied(false)
    const run = intent === 'link' ? linkWithWalletConnect(client, dapp) : loginWithWalletConnect(client, dapp)
    run.then(
      () => {
        if (!active) return
        const session = dapp.getState()
        setOutcome({
          status: 'done',
          address: session.status === 'connected' ? (session.session.accounts[0] ?? '') : '',
        })
        done.current?.()
      },
      (error: unknown) => {
        if (!active) return
        setOutcome({ status: 'failed', error: describeError(error) })
        // A wallet that connected but did not sign (or is someone else's) is let go: Try again starts
        // over with a new code, for this wallet or another.
        if (dapp.getState().status === 'connected') void dapp.disconnect()
      },
    )
    return () => {
      active = false
      // Leaving before the wallet answered: the pairing is withdrawn, so the code cannot be used later.
      const now = dapp.getState().status
      if (now === 'waiting' || now === 'connecting') void dapp.disconnect()
    }
  }, [client, dapp, intent, attempt])

  useEffect(() => {
    // After a failure, focus goes to the way forward.
    if (outcome.status === 'failed') retry.current?.focus()
  }, [outcome.status])

  const uri = state.status === 'waiting' ? state.uri : undefined
  const qr = useMemo(() => {
    if (!uri) return undefined
    const { svg } = createQrCode(uri, { errorCorrection: 'M', scale: 4 })
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
  }, [uri])

  const copy = () => {
    if (!uri) return
    navigator.clipboard?.writeText(uri).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }

  if (outcome.status === 'done')
    return (
      <p className="satchel-status" role="status">
        {intent === 'link' ? 'Wallet linked' : 'Signed in with your wallet'}
        {outcome.address ? `: ${outcome.address}` : ''}
      </p>
    )
  if (outcome.status === 'failed')
    return (
      <div className="satchel-methods">
        <p className="satchel-error" role="alert">
          {describeEnd(state) ?? outcome.error}
        </p>
        <button
          ref={retry}
          type="button"
          className="satchel-button satchel-button--primary"
          onClick={() => setAttempt((n) => n + 1)}
        >
          {state.status === 'expired' ? 'Show a new code' : 'Try again'}
        </button>
      </div>
    )
  if (state.status === 'connected')
    return (
      <p className="satchel-status" role="status">
        Connected to {state.session.peer.name}. Check your wallet: sign the message to{' '}
        {intent === 'link' ? 'link it' : 'log in'}…
      </p>
    )
  if (!uri || !qr)
    return (
      <p className="satchel-status" role="status">
        Connecting to WalletConnect…
      </p>
    )
  return (
    <section className="satchel-methods" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} style={{ margin: 0, textAlign: 'center' }}>
        Scan with your phone’s wallet app
      </p>
      <img
        style={{ display: 'block', margin: '0 auto', maxWidth: '100%', height: 'auto' }}
        src={qr}
        alt="QR code with the WalletConnect link for your wallet"
        width={240}
        height={240}
      />
      <a className="satchel-button satchel-button--primary" href={uri}>
        Open a wallet app on this device
      </a>
      <label className="satchel-label" htmlFor={`${id}-uri`}>
        Or copy the WalletConnect link
      </label>
      <div className="satchel-row">
        <input
          id={`${id}-uri`}
          className="satchel-input"
          readOnly
          value={uri}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="satchel-button" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="satchel-status" role="status">
        Waiting for your wallet to approve…
      </p>
    </section>
  )
}
