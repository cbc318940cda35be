import { parseWalletConnectUri } from '@satchel/core'
import type { WalletConnectProposal } from '@satchel/react/walletconnect-wallet'
import { type FormEvent, useId, useState } from 'react'
import { describeError } from '../../shared/describeError'
import { LoadingState } from '../../shared/ui/LoadingState'

/**
 * The link field: paste a `wc:` link from an app's "WalletConnect" QR code. The link is checked as it
 * is submitted, so a wrong or stale one gets a sentence before any connection is tried.
 */
export function PairForm({
  pair,
  pairing,
}: {
  pair: (uri: string) => Promise<WalletConnectProposal>
  pairing: boolean
}) {
  const [uri, setUri] = useState('')
  const [error, setError] = useState<string | undefined>()
  const id = useId()
  // Reading the clipboard needs a secure context and a browser that offers it; typing or a long-press
  // paste works everywhere else.
  const canPaste = typeof navigator !== 'undefined' && typeof navigator.clipboard?.readText === 'function'
  const paste = () => {
    navigator.clipboard.readText().then(
      (text) => {
        setUri(text.trim())
        setError(undefined)
      },
      () => setError('The clipboard could not be read: paste the link into the field instead'),
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    try {
      parseWalletConnectUri(uri)
    } catch (invalid) {
      setError(describeError(invalid))
      return
    }
    setError(undefined)
    pair(uri).then(
      () => setUri(''),
      (failed: unknown) => setError(describeError(failed)),
    )
  }

  return (
    <form className="card connections__pair" onSubmit={submit} noValidate>
      <h2>Connect to an app</h2>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-uri`}>
          WalletConnect link
        </label>
        <p className="field__hint" id={`${id}-hint`}>
          In the app, choose WalletConnect, copy its link (it starts with <code>wc:</code>) and paste it here.
        </p>
        <input
          id={`${id}-uri`}
          className="input mono"
          name="walletconnect-uri"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="wc:…"
          value={uri}
          onChange={(event) => {
            setUri(event.target.value)
            setError(undefined)
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        />
        {error ? (
          <p className="field__error" id={`${id}-error`} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {pairing ? <LoadingState label="Connecting to the app…" /> : null}
      <div className="actions">
        <button type="submit" className="button" disabled={pairing}>
          {pairing ? 'Connecting…' : 'Connect'}
        </button>
        {canPaste ? (
          <button type="button" className="button button--secondary" onClick={paste} disabled={pairing}>
            Paste link
          </button>
        ) : null}
      </div>
    </form>
  )
}
