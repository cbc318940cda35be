import type { WalletConnectPeer } from '@satchel/react/walletconnect-wallet'

/**
 * Who an app says it is: its icon, name and address. Self-declared, so the URL is shown in full for
 * the person to judge, and Verify's warnings (when it ran) are shown above everything.
 *
 * @example
 * <AppIdentity app={proposal.app} headingLevel={2} />
 */
export function AppIdentity({ app, headingLevel = 2 }: { app: WalletConnectPeer; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
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
        <p className="connections__app-url mono">{app.url || 'No website given'}</p>
      </div>
      {app.isScam || app.verification === 'invalid' ? (
        <p className="notice error-message connections__verify" role="alert">
          {app.isScam
            ? 'Danger: this app is reported as a scam.'
            : 'This app’s website does not match the domain it connects from.'}
        </p>
      ) : null}
    </div>
  )
}
