import { parsePhone } from '@satchel/core'
import { type LinkedAccount, useLinkAccount, useSatchel } from '@satchel/react'
import { type FormEvent, useId, useState } from 'react'
import { useWalletConfig } from '../../app/WalletConfigContext'
import { describeAccount } from '../../shared/describeAccount'
import { canUsePasskeys } from '../../shared/passkeys/canUsePasskeys'
import { isStepUpRequired } from '../../shared/stepUp/isStepUpRequired'
import { useStepUp } from '../../shared/stepUp/useStepUp'
import { CodeField } from '../../shared/ui/CodeField'
import { ConfirmAction } from '../../shared/ui/ConfirmAction'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { WalletConnectLink } from './WalletConnectLink'

type Busy = { pending: boolean; error?: unknown; done?: string | undefined }
type Linking =
  | { kind: 'email' | 'phone'; step: 'address' | 'code'; address: string; code: string }
  | { kind: 'walletconnect' }
  | undefined

const text = (account: LinkedAccount, field: string) => {
  const value = account[field]
  return typeof value === 'string' ? value : undefined
}

/**
 * The ways the user signs in: each linked account (an external wallet too) with Unlink (asked first;
 * the server refuses to remove the last one, or one that is someone else's, with the rules' own
 * messages), and linking an email, a phone, a passkey, or an external wallet over WalletConnect (when
 * the host configured a relay). When the server wants the person to confirm it's them (their second
 * factor, or a login proved in the last 5 minutes to unlink), it asks, then carries on.
 */
export function LinkedAccounts() {
  const { user } = useSatchel()
  const { walletConnect } = useWalletConfig()
  const link = useLinkAccount()
  const [busy, setBusy] = useState<Busy>({ pending: false })
  const [linking, setLinking] = useState<Linking>(undefined)
  const [unlinking, setUnlinking] = useState<LinkedAccount | undefined>(undefined)
  const stepUp = useStepUp()
  const id = useId()
  if (!user) return null

  const run = (task: () => Promise<unknown>, done: string, reason: string) => {
    setBusy({ pending: true })
    task().then(
      () => {
        setBusy({ pending: false, done })
        setLinking(undefined)
      },
      (error: unknown) => {
        if (!isStepUpRequired(error)) return setBusy({ pending: false, error })
        setBusy({ pending: false })
        stepUp.ask(reason, () => run(task, done, reason))
      },
    )
  }
  const linkReason = "Adding a way to sign in needs you to confirm it's you."

  const unlink = (account: LinkedAccount) => {
    const reason = `Unlinking ${describeAccount(account)} needs you to confirm it's you.`
    // `address` is an email's address, or a linked wallet's.
    const email = text(account, 'address')
    const phone = text(account, 'number')
    const credentialId = text(account, 'credentialId')
    if (account.type === 'email' && email)
      run(() => link.unlinkAccount({ type: 'email', email }), `Unlinked ${email}`, reason)
    else if (account.type === 'phone' && phone)
      run(() => link.unlinkAccount({ type: 'phone', phoneNumber: phone }), 'Unlinked your phone', reason)
    else if (account.type === 'passkey' && credentialId)
      run(() => link.unlinkAccount({ type: 'passkey', credentialId }), 'Unlinked the passkey', reason)
    else if (account.type === 'wallet' && email) {
      const chainType = text(account, 'chainType') === 'solana' ? 'solana' : 'ethereum'
      run(
        () => link.unlinkAccount({ type: 'wallet', address: email, chainType }),
        `Unlinked ${describeAccount(account)}`,
        reason,
      )
    }
  }

  const submitLink = (event: FormEvent) => {
    event.preventDefault()
    if (!linking || linking.kind === 'walletconnect') return
    if (linking.step === 'address') {
      let address = linking.address.trim()
      if (linking.kind === 'phone') {
        const phone = parsePhone(address)
        if (!phone.isPossible) {
          setBusy({
            pending: false,
            error: new Error('Enter a possible phone number, with its country code (+44…)'),
          })
          return
        }
        address = phone.e164
      }
      setBusy({ pending: true })
      const send =
        linking.kind === 'email'
          ? link.sendEmailCode({ email: address })
          : link.sendSmsCode({ phoneNumber: address })
      send.then(
        () => {
          setBusy({ pending: false })
          setLinking({ ...linking, address, step: 'code' })
        },
        (error: unknown) => setBusy({ pending: false, error }),
      )
      return
    }
    run(
      () =>
        linking.kind === 'email'
          ? link.linkEmail({ email: linking.address, code: linking.code })
          : link.linkPhone({ phoneNumber: linking.address, code: linking.code }),
      `Linked ${linking.address}`,
      linkReason,
    )
  }

  // The last way in keeps its button: the server's refusal says why, in the rules' own words.
  const unlinkable = (account: LinkedAccount) =>
    account.type === 'email' ||
    account.type === 'phone' ||
    account.type === 'passkey' ||
    (account.type === 'wallet' && text(account, 'address') !== undefined)
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Ways to sign in</h2>
      <ul className="settings__list">
        {user.linkedAccounts.map((account) => (
          <li
            key={`${account.type}:${text(account, 'address') ?? text(account, 'number') ?? text(account, 'credentialId') ?? ''}`}
            className="settings__item"
          >
            <span>{describeAccount(account)}</span>
            {unlinkable(account) ? (
              <button
                type="button"
                className="button button--danger button--small"
                disabled={busy.pending}
                onClick={() => {
                  setBusy({ pending: false })
                  setUnlinking(account)
                }}
                aria-label={`Unlink ${describeAccount(account)}`}
              >
                Unlink
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {unlinking ? (
        <ConfirmAction
          title={`Unlink ${describeAccount(unlinking)}?`}
          confirmLabel="Unlink"
          onConfirm={() => {
            setUnlinking(undefined)
            unlink(unlinking)
          }}
          onCancel={() => setUnlinking(undefined)}
        >
          You will no longer be able to sign in with it. You can link it again later.
        </ConfirmAction>
      ) : null}
      <div aria-live="polite">
        {busy.done && !busy.error ? <p className="notice notice--success">{busy.done}</p> : null}
      </div>
      {busy.error ? <ErrorMessage error={busy.error} /> : null}
      {stepUp.prompt}
      {linking?.kind === 'walletconnect' ? (
        <WalletConnectLink
          onClose={() => setLinking(undefined)}
          onLinked={() => {
            setBusy({ pending: false, done: 'Wallet linked: it is listed above' })
            setLinking(undefined)
          }}
        />
      ) : linking ? (
        <form onSubmit={submitLink} noValidate className="settings__form">
          {linking.step === 'address' ? (
            <div className="field">
              <label className="field__label" htmlFor={`${id}-address`}>
                {linking.kind === 'email' ? 'Email to link' : 'Phone number to link, with its country code'}
              </label>
              <input
                id={`${id}-address`}
                className="input"
                type={linking.kind === 'email' ? 'email' : 'tel'}
                autoComplete={linking.kind === 'email' ? 'email' : 'tel'}
                value={linking.address}
                onChange={(event) => setLinking({ ...linking, address: event.target.value })}
              />
            </div>
          ) : (
            <CodeField
              id={`${id}-code`}
              label={`Code sent to ${linking.address}`}
              value={linking.code}
              onChange={(code) => setLinking({ ...linking, code })}
            />
          )}
          <div className="actions">
            <button type="submit" className="button" disabled={busy.pending}>
              {linking.step === 'address' ? 'Send code' : 'Link'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setLinking(undefined)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="actions">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setLinking({ kind: 'email', step: 'address', address: '', code: '' })}
          >
            Link an email
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setLinking({ kind: 'phone', step: 'address', address: '', code: '' })}
          >
            Link a phone
          </button>
          {walletConnect ? (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => {
                setBusy({ pending: false })
                const open = () => setLinking({ kind: 'walletconnect' })
                // The wallet signs before the server can ask: with MFA on, confirm first, not after.
                if (user.mfaMethods.length > 0) stepUp.ask(linkReason, open)
                else open()
              }}
            >
              Link a wallet with WalletConnect
            </button>
          ) : null}
          {canUsePasskeys() ? (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={busy.pending}
              onClick={() =>
                run(() => link.linkPasskey(), 'Passkey added: you can sign in with it next time', linkReason)
              }
            >
              Add a passkey
            </button>
          ) : null}
        </div>
      )}
    </section>
  )
}
