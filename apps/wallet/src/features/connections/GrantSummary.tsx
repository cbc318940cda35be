import { type AllowanceGrant, formatAddress, formatWei } from '@satchel/core'
import { USDC_DECIMALS } from '../../shared/chains/erc20'
import { toChecksumAddress } from '../../shared/chains/toChecksumAddress'
import { useWalletChains } from '../../shared/chains/useWalletChains'

/**
 * What a permit (or other allowance) lets someone do with the person's tokens, in token units with
 * the spender, and a danger notice when the allowance is unlimited.
 */
export function GrantSummary({ grants, chainId }: { grants: AllowanceGrant[]; chainId: number | undefined }) {
  const chains = useWalletChains()
  const chain = chains.find((entry) => entry.id === chainId)
  const unlimited = grants.some((grant) => grant.unlimited)
  const describeToken = (token: string | undefined) =>
    token && chain?.usdcAddress && token === chain.usdcAddress.toLowerCase()
      ? { symbol: 'USDC', decimals: USDC_DECIMALS }
      : { symbol: token ? `of token ${formatAddress(token)}` : 'of a token', decimals: undefined }
  return (
    <>
      {unlimited ? (
        <div className="notice error-message" role="alert">
          <p>
            <strong>Danger: this gives away an unlimited allowance.</strong>
          </p>
          <p>
            The spender can take all of these tokens from your wallet, now and later, without asking again.
            Scams ask for exactly this. Reject it unless you trust the spender.
          </p>
        </div>
      ) : null}
      <ul className="send__changes">
        {grants.map((grant, index) => {
          const token = describeToken(grant.token)
          // "an unlimited amount of USDC", "25 USDC", "25000 units of token 0x036…cf7e".
          const amount = grant.unlimited
            ? `an unlimited amount ${token.decimals === undefined ? token.symbol : `of ${token.symbol}`}`
            : token.decimals === undefined
              ? `${grant.amount.toString()} units ${token.symbol}`
              : `${formatWei(grant.amount, { unitDecimals: token.decimals, decimals: token.decimals })} ${token.symbol}`
          // In full: the spender is what a person checks against the app's claim.
          const spender = grant.spender ? toChecksumAddress(grant.spender) : 'anyone'
          const expires =
            grant.expiresAt === undefined
              ? ''
              : `, until ${new Date(grant.expiresAt * 1000).toLocaleDateString(undefined, { dateStyle: 'medium' })}`
          const verb = grant.standard === 'EIP-3009 transfer authorization' ? 'send' : 'allow'
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the request's life
            <li key={index}>
              {verb === 'send'
                ? `Send ${amount} to ${spender}${expires}`
                : `Allow ${spender} to spend ${amount}${expires}`}{' '}
              <span className="muted">({grant.standard})</span>
            </li>
          )
        })}
      </ul>
    </>
  )
}
