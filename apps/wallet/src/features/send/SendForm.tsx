import { formatWei } from '@satchel/core'
import type { SatchelWallet, TransactionRequest } from '@satchel/react'
import { type FormEvent, useId, useState } from 'react'
import { AmountError, parseAmount, toDecimalString } from '../../shared/amount/parseAmount'
import { ChainPicker } from '../../shared/chains/ChainPicker'
import { USDC_DECIMALS } from '../../shared/chains/erc20'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { buildTransfer, type TransferAsset } from './buildTransfer'
import { useSpendable } from './useSpendable'
import { validateRecipient } from './validateRecipient'

export type SendFormValues = { to: string; asset: TransferAsset; chainId: number; amount: string }

/** A checked send, ready for review. */
export type SendDraft = {
  chain: WalletChain
  asset: TransferAsset
  to: `0x${string}`
  amount: bigint
  transaction: TransactionRequest
  /** Made once per draft: a retried confirmation (or a double click) sends once. */
  idempotencyKey: string
}

type Errors = { to?: string | undefined; amount?: string | undefined }

/**
 * The send form: recipient (checked, checksum included), asset, chain, amount with Max and the balance
 * beside it.
 */
export function SendForm({
  wallet,
  chains,
  values,
  onChange,
  onReview,
}: {
  wallet: SatchelWallet
  chains: readonly WalletChain[]
  values: SendFormValues
  onChange: (values: SendFormValues) => void
  onReview: (draft: SendDraft) => void
}) {
  const id = useId()
  const [errors, setErrors] = useState<Errors>({})
  const chain = chains.find((entry) => entry.id === values.chainId) ?? chains[0]
  if (!chain) throw new Error('SendForm needs at least one chain')
  const asset: TransferAsset = values.asset === 'USDC' && !chain.usdcAddress ? 'native' : values.asset
  const decimals = asset === 'USDC' ? USDC_DECIMALS : 18
  const symbol = asset === 'USDC' ? 'USDC' : chain.nativeSymbol
  const spendable = useSpendable(wallet.address, chain, asset)
  const set = (patch: Partial<SendFormValues>) => onChange({ ...values, ...patch })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const recipient = validateRecipient(values.to)
    const next: Errors = {}
    if (!recipient.ok) next.to = recipient.message
    let amount: bigint | undefined
    try {
      amount = parseAmount(values.amount, decimals)
      if (spendable.data && amount > spendable.data.balance)
        next.amount = `That is more than your balance of ${toDecimalString(spendable.data.balance, decimals)} ${symbol}`
    } catch (error) {
      next.amount = error instanceof AmountError ? error.message : 'Enter an amount such as 1.5'
    }
    setErrors(next)
    if (!recipient.ok || amount === undefined || next.amount) return
    onReview({
      chain,
      asset,
      to: recipient.address,
      amount,
      transaction: buildTransfer({
        from: wallet.address,
        to: recipient.address,
        asset,
        amount,
        chainId: chain.id,
        usdcAddress: chain.usdcAddress,
      }),
      idempotencyKey: crypto.randomUUID(),
    })
  }

  return (
    <form className="card" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-to`}>
          Recipient address
        </label>
        <input
          id={`${id}-to`}
          className="input mono"
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          value={values.to}
          onChange={(event) => set({ to: event.target.value })}
          aria-invalid={errors.to ? true : undefined}
          aria-describedby={errors.to ? `${id}-to-error` : undefined}
        />
        {errors.to ? (
          <p className="field__error" id={`${id}-to-error`}>
            {errors.to}
          </p>
        ) : null}
      </div>
      <fieldset className="segmented">
        <legend className="field__label">Asset</legend>
        {(['USDC', 'native'] as const).map((option) => (
          <label key={option} className="segmented__option">
            <input
              type="radio"
              name={`${id}-asset`}
              checked={asset === option}
              disabled={option === 'USDC' && !chain.usdcAddress}
              onChange={() => set({ asset: option, amount: '' })}
            />
            <span className="segmented__label">{option === 'USDC' ? 'USDC' : chain.nativeSymbol}</span>
          </label>
        ))}
      </fieldset>
      <ChainPicker
        chains={chains}
        value={chain.id}
        onChange={(chainId) => set({ chainId, amount: '' })}
        name={`${id}-chain`}
      />
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
            value={values.amount}
            onChange={(event) => set({ amount: event.target.value })}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={`${id}-balance${errors.amount ? ` ${id}-amount-error` : ''}`}
          />
          <button
            type="button"
            className="button button--secondary"
            disabled={!spendable.data}
            onClick={() => spendable.data && set({ amount: toDecimalString(spendable.data.max, decimals) })}
          >
            Max
          </button>
        </div>
        <p className="field__hint" id={`${id}-balance`}>
          {spendable.data
            ? `Balance: ${formatWei(spendable.data.balance, { unitDecimals: decimals, decimals: asset === 'USDC' ? 2 : 4 })} ${symbol} on ${chain.name}`
            : spendable.status === 'error'
              ? 'The balance could not be read'
              : 'Reading your balance…'}
        </p>
        {errors.amount ? (
          <p className="field__error" id={`${id}-amount-error`}>
            {errors.amount}
          </p>
        ) : null}
      </div>
      {spendable.status === 'error' ? (
        <ErrorMessage error={spendable.error} onRetry={spendable.refresh} />
      ) : null}
      <button type="submit" className="button button--block">
        Review
      </button>
    </form>
  )
}
