import { formatAddress } from '@satchel/core'
import { type Policy, useSessionSigners, type WalletSessionSigners } from '@satchel/react'
import { type FormEvent, useId, useState } from 'react'
import { isStepUpRequired } from '../../shared/stepUp/isStepUpRequired'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { parseSignerKey } from './parseSignerKey'

/**
 * The consent form: lets an app's server sign for one of the user's wallets, within the policies the
 * user ticks. The user pastes the public key the app shows them; the change is signed with this
 * session's key (the user's consent), and the form says plainly what a signer without a policy can do.
 *
 * @example
 * <AddDelegatedSigner wallets={wallets} policies={policies} onAdded={setNotice} onNeedsMfa={ask} />
 */
export function AddDelegatedSigner({
  wallets,
  policies,
  onAdded,
  onNeedsMfa,
}: {
  wallets: readonly WalletSessionSigners[]
  policies: readonly Policy[]
  onAdded: (message: string) => void
  onNeedsMfa: (retry: () => void) => void
}) {
  const { updateSessionSigners } = useSessionSigners()
  const [open, setOpen] = useState(false)
  const [walletId, setWalletId] = useState<string | undefined>(undefined)
  const [keyText, setKeyText] = useState('')
  const [chosen, setChosen] = useState<readonly string[]>([])
  const [consent, setConsent] = useState(false)
  const [state, setState] = useState<{ pending: boolean; error?: unknown; invalid?: string }>({
    pending: false,
  })
  const id = useId()
  if (wallets.length === 0) return null
  const wallet = wallets.find((candidate) => candidate.walletId === walletId) ?? wallets[0]
  if (!wallet) return null
  const usable = policies.filter((policy) => policy.chainType === wallet.chainType)

  const allow = () => {
    const parsed = parseSignerKey(keyText.trim())
    if ('error' in parsed) {
      setState({ pending: false, invalid: parsed.error })
      return
    }
    setState({ pending: true })
    // The wallet's whole list is sent: the signers it has stay, this one joins.
    const signers = [
      ...wallet.signers.filter((signer) => signer.publicKey.x !== parsed.key.x),
      { publicKey: parsed.key, policyIds: chosen },
    ]
    updateSessionSigners({ walletId: wallet.walletId, signers }).then(
      () => {
        setState({ pending: false })
        setOpen(false)
        setKeyText('')
        setChosen([])
        setConsent(false)
        onAdded('The app’s server can now sign for this wallet.')
      },
      (error: unknown) => {
        setState({ pending: false })
        if (isStepUpRequired(error)) onNeedsMfa(allow)
        else setState({ pending: false, error })
      },
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (consent && keyText.trim()) allow()
  }

  if (!open)
    return (
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          Allow an app’s server to sign…
        </button>
      </div>
    )
  return (
    <form onSubmit={submit} noValidate className="settings__form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Allow an app’s server to sign</h3>
      <p>
        Only do this for an app you trust that asked you to: its server will be able to sign for this wallet
        while you are away, within the policies you choose, until you remove it.
      </p>
      {wallets.length > 1 ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-wallet`}>
            Wallet
          </label>
          <select
            id={`${id}-wallet`}
            className="input"
            value={wallet.walletId}
            onChange={(event) => {
              setWalletId(event.target.value)
              setChosen([])
            }}
          >
            {wallets.map((option) => (
              <option key={option.walletId} value={option.walletId}>
                {option.chainType === 'solana' ? 'Solana' : 'Ethereum'} {formatAddress(option.address)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-key`}>
          The server’s public key (JWK, as the app shows it)
        </label>
        <textarea
          id={`${id}-key`}
          className="input mono"
          rows={4}
          spellCheck={false}
          value={keyText}
          onChange={(event) => {
            setKeyText(event.target.value)
            setState({ pending: false })
          }}
          aria-invalid={state.invalid ? true : undefined}
          aria-describedby={state.invalid ? `${id}-key-error` : undefined}
        />
        {state.invalid ? (
          <p className="field__error" id={`${id}-key-error`} role="alert">
            {state.invalid}
          </p>
        ) : null}
      </div>
      {usable.length > 0 ? (
        <fieldset className="field">
          <legend className="field__label">Limits (policies)</legend>
          {usable.map((policy) => (
            <label key={policy.id} className="settings__check">
              <input
                type="checkbox"
                checked={chosen.includes(policy.id)}
                onChange={(event) =>
                  setChosen(
                    event.target.checked
                      ? [...chosen, policy.id]
                      : chosen.filter((other) => other !== policy.id),
                  )
                }
              />{' '}
              {policy.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      {chosen.length === 0 ? (
        <p className="notice notice--warning">
          No policy chosen: the server will be able to sign anything for this wallet, including sending all of
          its funds.
        </p>
      ) : null}
      <label className="settings__check">
        <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} /> I
        allow this server to sign for my wallet {formatAddress(wallet.address)}
      </label>
      {state.error ? <ErrorMessage error={state.error} /> : null}
      <div className="actions">
        <button type="submit" className="button" disabled={state.pending || !consent || !keyText.trim()}>
          {state.pending ? 'Allowing…' : 'Allow'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  )
}
