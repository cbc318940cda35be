import type { WalletConnectPeer } from '@satchel/react/walletconnect-wallet'
import { describeVerification } from './describeVerification'

/**
 * Who an app says it is (icon and name, self-declared) and where it really comes from: the domain
 * with WalletConnect Verify's status (verified, not verified, domain mismatch, known threat), the
 * last two as alerts.
 *
 * @example
 * <AppIdentity app={proposal.app} headingLevel={2} />
 */
export function AppIdentity({ app, headingLevel = 2 }: { app: WalletConnectPeer; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const verify = describeVerification(app)
  return (
    <div className="connections__app">
      {app.icon ? (
        <img
          className="connections__icon"
          src={app.icon}
          alt=""
          width={40}
          height={40}
          referrerPolicy="no-referrer"
        />
      ) : (
        <span className="connections__icon connections__icon--blank" aria-hidden="true">
          {app.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="connections__app-text">
        <Heading className="connections__app-name">{app.name}</Heading>
        {/* The domain with what Verify says of it: a self-declared URL is never shown as fact. */}
        <p className="connections__app-url">
          <span className="mono">{verify.domain}</span>{' '}
          <span className={`connections__tag connections__verify-status--${verify.status}`}>
            {verify.label}
          </span>
        </p>
      </div>
      {verify.status === 'threat' || verify.status === 'mismatch' ? (
        <p className="notice error-message connections__verify" role="alert">
          {verify.status === 'threat' ? 'Danger: ' : ''}
          {verify.detail}
        </p>
      ) : (
        <p className="field__hint connections__verify">{verify.detail}</p>
      )}
    </div>
  )
}
