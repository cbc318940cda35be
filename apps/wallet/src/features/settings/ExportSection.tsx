import { useExportWallet, useSatchel } from '@satchel/react'
import { useEffect, useId, useState } from 'react'
import { useSolanaWallet } from '../../shared/chains/solana/useSolanaWallet'
import { isStepUpRequired } from '../../shared/stepUp/isStepUpRequired'
import { useStepUp } from '../../shared/stepUp/useStepUp'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { useEthereumWallet } from '../../shared/useEthereumWallet'

/**
 * Export the wallet's private key: after a second factor (always, when one is enrolled) or, without
 * one, a login proved in the last 5 minutes ("Confirm it's you" with a new code or a passkey when the
 * sign-in is older); decrypted only in this browser, shown once, and dropped from memory when hidden
 * or when the screen closes.
 */
export function ExportSection() {
  const { user } = useSatchel()
  const ethereum = useEthereumWallet()
  const solana = useSolanaWallet()
  const [chainType, setChainType] = useState<'ethereum' | 'solana'>('ethereum')
  const wallet = chainType === 'solana' && solana ? solana : ethereum
  const { exportWallet, data, error, isPending, reset } = useExportWallet()
  const stepUp = useStepUp()
  const needsStepUp = stepUp.asking
  const id = useId()
  // The secret must not outlive this screen.
  useEffect(() => () => reset(), [reset])
  if (!wallet || !user) return null

  const run = () => {
    exportWallet({ wallet: wallet.id }).catch((exportError: unknown) => {
      if (isStepUpRequired(exportError))
        stepUp.ask("Exporting your private key needs you to confirm it's you.", run)
    })
  }
  const start = () => {
    reset()
    // With MFA enrolled the server always asks for it: ask first instead of failing once.
    if (user.mfaMethods.length > 0)
      stepUp.ask("Exporting your private key needs you to confirm it's you.", run)
    else run()
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Export private key</h2>
      <p>
        Your private key gives full control of your wallet. Anyone who sees it can take your funds. Satchel
        never shows it again after you hide it.
      </p>
      {solana ? (
        <fieldset className="segmented">
          <legend className="field__label">Which wallet</legend>
          {(['ethereum', 'solana'] as const).map((option) => (
            <label key={option} className="segmented__option">
              <input
                type="radio"
                name={`${id}-wallet`}
                checked={(wallet === solana ? 'solana' : 'ethereum') === option}
                disabled={isPending || data !== undefined || needsStepUp}
                onChange={() => setChainType(option)}
              />
              <span className="segmented__label">{option === 'solana' ? 'Solana' : 'Ethereum (EVM)'}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {stepUp.prompt}
      {error && !needsStepUp && !isStepUpRequired(error) ? <ErrorMessage error={error} /> : null}
      {data ? (
        <div className="settings__secret">
          <p className="field__label">
            Your {wallet === solana ? 'Solana' : 'Ethereum'} private key (shown once
            {wallet === solana ? '; base58, as Phantom and Solflare import it' : ''})
          </p>
          <p className="mono settings__secret-value" data-testid="exported-secret">
            {data.secret}
          </p>
          <button type="button" className="button" onClick={reset}>
            I saved it, hide it
          </button>
        </div>
      ) : needsStepUp ? null : (
        <button type="button" className="button button--danger" onClick={start} disabled={isPending}>
          {isPending ? 'Exporting…' : 'Export private key'}
        </button>
      )}
    </section>
  )
}
