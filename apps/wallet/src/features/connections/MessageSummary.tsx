import type { WalletConnectRequest } from '@satchel/react/walletconnect-wallet'

type Summary = WalletConnectRequest['summary']

/** A message to sign: as text when it reads as text, else its bytes as sent, with a warning. */
export function MessageSummary({ summary }: { summary: Extract<Summary, { kind: 'message' }> }) {
  return summary.text === undefined ? (
    <>
      <p className="notice notice--warning">This message is not text: check with the app before signing.</p>
      <pre className="connections__message mono">{summary.raw}</pre>
    </>
  ) : (
    <figure className="connections__figure">
      <figcaption className="visually-hidden">Message to sign</figcaption>
      <pre className="connections__message">{summary.text}</pre>
    </figure>
  )
}
