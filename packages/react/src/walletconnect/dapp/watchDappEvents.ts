import type { SignClient } from '@walletconnect/sign-client'

/** A started sign-client (the dApp side of WalletConnect). */
export type DappClient = Awaited<ReturnType<typeof SignClient.init>>

/** What the wallet or the relay did to the dApp's session and pairing, by topic. */
export type DappEventHandlers = {
  /** The session is gone: deleted (by the wallet, or by the SDK when it expired) or expired. */
  sessionEnded(topic: string, how: 'deleted' | 'expired'): void
  /** The session's accounts, chains or expiry may have changed: read it again. */
  sessionChanged(topic: string): void
  /** The wallet says it switched to this EIP-155 chain. */
  chainChanged(topic: string, chainId: number): void
  /** An unanswered pairing is gone: it expired, or the wallet deleted it. */
  pairingEnded(topic: string, how: 'expired' | 'deleted'): void
}

/**
 * Wires sign-client's session and pairing events to `handlers`, reading each event's untrusted
 * parameters into plain values (a chain id that is not `eip155:<number>` is dropped).
 *
 * @example
 * watchDappEvents(client, { sessionEnded, sessionChanged, chainChanged, pairingEnded })
 */
export function watchDappEvents(client: DappClient, handlers: DappEventHandlers): void {
  client.on('session_delete', ({ topic }) => handlers.sessionEnded(topic, 'deleted'))
  client.on('session_expire', ({ topic }) => handlers.sessionEnded(topic, 'expired'))
  client.on('session_update', ({ topic }) => handlers.sessionChanged(topic))
  client.on('session_extend', ({ topic }) => handlers.sessionChanged(topic))
  client.on('session_event', ({ topic, params }) => {
    const { name, data } = params.event
    const chain = /^eip155:(\d{1,15})$/.exec(params.chainId)?.[1]
    if (name === 'chainChanged' && chain) handlers.chainChanged(topic, Number(chain))
    else if (name === 'accountsChanged' && Array.isArray(data)) handlers.sessionChanged(topic)
  })
  client.core.pairing.events.on('pairing_expire', ({ topic }: { topic: string }) =>
    handlers.pairingEnded(topic, 'expired'),
  )
  client.core.pairing.events.on('pairing_delete', ({ topic }: { topic: string }) =>
    handlers.pairingEnded(topic, 'deleted'),
  )
}
