import { useConsole } from '../../app/ConsoleContext'
import { useAdminRead } from '../../shared/api/useAdminRead'
import { ReadView } from '../../shared/ui/ReadView'
import { walletSignersSchema } from './policySchemas'

/**
 * A user's wallets' policies and delegated signers (keys the app's backend may sign with, under
 * their policies).
 *
 * @example
 * <DelegatedSigners userId="usr_1" />
 */
export function DelegatedSigners({ userId }: { userId: string }) {
  const { appId } = useConsole()
  const wallets = useAdminRead({
    path: '/api/v1/wallets',
    schema: walletSignersSchema,
    appId,
    query: { user_id: userId },
  })
  return (
    <ReadView read={wallets} what="delegated signers">
      {({ data }) => {
        const rows = data.flatMap((wallet) => wallet.additionalSigners.map((signer) => ({ wallet, signer })))
        return rows.length === 0 ? (
          <p className="muted">No delegated signers.</p>
        ) : (
          <ul className="list">
            {rows.map(({ wallet, signer }) => (
              <li key={signer.signerId} className="list__item break">
                <span className="mono">{signer.signerId}</span> on{' '}
                <span className="mono">{wallet.address}</span>
                {signer.policyIds.length ? ` · policies ${signer.policyIds.join(', ')}` : ' · no policy'}
              </li>
            ))}
          </ul>
        )
      }}
    </ReadView>
  )
}
