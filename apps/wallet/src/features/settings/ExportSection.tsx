import { useExportWallet, useSatchel } from '@satchel/react'
import { useEffect, useId, useState } from 'react'
import { getErrorCode } from '../../shared/describeError'
import { MfaPrompt } from '../../shared/mfa/MfaPrompt'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { useEthereumWallet } from '../../shared/useEthereumWallet'

/**
 * Export the wallet's private key: after a second factor (always, when one is enrolled), decrypted
 * only in this browser, shown once, and dropped from memory when hidden or when the screen closes.
 */
export function ExportSection() {
  const { user } = useSatchel()
  const wallet = useEthereumWallet()
  const { exportWallet, data, error, isPending, reset } = useExportWallet()
  const [needsMfa, setNeedsMfa] = useState(false)
  const id = useId()
  // The secret must not outlive this screen.
  useEffect(() => () => reset(), [reset])
  if (!wallet || !user) return null

  const run = () => {
    exportWallet({ wallet: wallet.id }).catch((exportError: unknown) => {
      if (getErrorCode(exportError) === 'missing_or_invalid_mfa') setNeedsMfa(true)
    })
  }
  const start = () => {
    reset()
    // With MFA enrolled the server always asks for it: ask first instead of failing once.
    if (user.mfaMethods.length > 0) setNeedsMfa(true)
    else run()
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Export private key</h2>
      <p>
        Your private key gives full control of your wallet. Anyone who sees it can take your funds. Satchel
        never shows it again after you hide it.
      </p>
      {needsMfa ? (
        <MfaPrompt
          reason="Exporting your private key needs your second factor."
          onVerified={() => {
            setNeedsMfa(false)
            run()
          }}
          onCancel={() => setNeedsMfa(false)}
        />
      ) : null}
      {error && !needsMfa && getErrorCode(error) !== 'missing_or_invalid_mfa' ? (
        <ErrorMessage error={error} />
      ) : null}
      {data ? (
        <div className="settings__secret">
          <p className="field__label">Your private key (shown once)</p>
          <p className="mono settings__secret-value" data-testid="exported-secret">
            {data.secret}
          </p>
          <button type="button" className="button" onClick={reset}>
            I saved it, hide it
          </button>
        </div>
      ) : needsMfa ? null : (
        <button type="button" className="button button--danger" onClick={start} disabled={isPending}>
          {isPending ? 'Exporting…' : 'Export private key'}
        </button>
      )}
    </section>
  )
}
