import { formatWei } from '@satchel/core'
import { toDecimalString } from '../../shared/amount/parseAmount'
import type { PollingState } from '../../shared/hooks/usePolling'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import type { Spendable } from './useSpendable'

/**
 * The amount field with Max, the balance beside it and the error, as both send forms draw it.
 *
 * @example
 * <AmountField id={id} value={values.amount} error={errors.amount} symbol="USDC" decimals={6} chainName="Solana" spendable={spendable} onChange={(amount) => set({ amount })} />
 */
export function AmountField({
  id,
  value,
  error,
  symbol,
  decimals,
  chainName,
  spendable,
  onChange,
}: {
  id: string
  value: string
  error: string | undefined
  symbol: string
  decimals: number
  chainName: string
  spendable: PollingState<Spendable>
  onChange: (value: string) => void
}) {
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-amount`}>
          Amount ({symbol})
        </label>
        <div className="field__row">
          <input
            id={`${id}-amount`}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-balance${error ? ` ${id}-amount-error` : ''}`}
          />
          <button
            type="button"
            className="button button--secondary"
            disabled={!spendable.data}
            onClick={() => spendable.data && onChange(toDecimalString(spendable.data.max, decimals))}
          >
            Max
          </button>
        </div>
        <p className="field__hint" id={`${id}-balance`}>
          {spendable.data
            ? `Balance: ${formatWei(spendable.data.balance, { unitDecimals: decimals, decimals: symbol === 'USDC' ? 2 : 4 })} ${symbol} on ${chainName}`
            : spendable.status === 'error'
              ? 'The balance could not be read'
              : 'Reading your balance…'}
        </p>
        {error ? (
          <p className="field__error" id={`${id}-amount-error`}>
            {error}
          </p>
        ) : null}
      </div>
      {spendable.status === 'error' ? (
        <ErrorMessage error={spendable.error} onRetry={spendable.refresh} />
      ) : null}
    </>
  )
}
