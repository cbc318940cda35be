import { formatWei } from '@satchel/core'
import type { SatchelWallet, TransactionRequest } from '@satchel/react'
import { type FormEvent, useId, useState } from 'react'
import { toDecimalString } from '../../shared/amount/parseAmount'
import { AssetPicker } from '../../shared/chains/AssetPicker'
import { USDC_DECIMALS } from '../../shared/chains/erc20'
import { NetworkPicker } from '../../shared/chains/NetworkPicker'
import { SOL_DECIMALS } from '../../shared/chains/solana/readSolanaBalances'
import type { SolanaCluster } from '../../shared/chains/solana/readSolanaConfig'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import type { WalletNetwork } from '../../shared/chains/useWalletNetworks'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { buildTransfer, type TransferAsset } from './buildTransfer'
import { checkAmount } from './checkAmount'
import { useSpendable } from './useSpendable'
import { validateRecipient } from './validateRecipient'
import { validateSolanaRecipient } from './validateSolanaRecipient'

/** What the send form holds; `network` is the EVM chain id or the Solana cluster's CAIP-2 id. */
export type SendFormValues = { to: string; asset: TransferAsset; network: string; amount: string }

/** A checked send on an EVM chain, ready for review. */
export type SendDraft = {
  family: 'evm'
  chain: WalletChain
  asset: TransferAsset
  to: `0x${string}`
  amount: bigint
  transaction: TransactionRequest
  /** Made once per draft: a retried confirmation (or a double click) sends once. */
  idempotencyKey: string
}

/** A checked send on a Solana cluster, ready for review (the transaction is built there, on a fresh blockhash). */
export type SolanaSendDraft = {
  family: 'solana'
  cluster: SolanaCluster
  asset: TransferAsset
  to: string
  amount: bigint
  idempotencyKey: string
}

type Errors = { to?: string | undefined; amount?: string | undefined }

/**
 * The send form: recipient, asset, chain (EVM chains and Solana clusters together; the wallet that
 * sends is the one of the chosen chain's family), amount with Max and the balance beside it. The
 * recipient is checked for its family: an EVM address with its checksum; a Solana address as 32
 * base58 bytes; one family's address on the other's chain is refused in words.
 */
export function SendForm({
  wallet,
  networks,
  network,
  values,
  onChange,
  onClear,
  onReview,
}: {
  wallet: SatchelWallet
  networks: readonly WalletNetwork[]
  network: WalletNetwork
  values: SendFormValues
  onChange: (values: SendFormValues) => void
  /** Empties the form (and forgets the kept draft). */
  onClear: () => void
  onReview: (draft: SendDraft | SolanaSendDraft) => void
}) {
  const id = useId()
  const [errors, setErrors] = useState<Errors>({})
  const usdc = network.family === 'solana' ? network.cluster.usdcMint : network.chain.usdcAddress
  const asset: TransferAsset = values.asset === 'USDC' && usdc ? 'USDC' : 'native'
  const decimals = asset === 'USDC' ? USDC_DECIMALS : network.family === 'solana' ? SOL_DECIMALS : 18
  const symbol = asset === 'USDC' ? 'USDC' : network.nativeSymbol
  const spendable = useSpendable(wallet.address, network, asset)
  const set = (patch: Partial<SendFormValues>) => onChange({ ...values, ...patch })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const evm = network.family === 'evm' ? validateRecipient(values.to) : undefined
    const recipient = evm ?? validateSolanaRecipient(values.to)
    const amount = checkAmount({ input: values.amount, decimals, balance: spendable.data?.balance, symbol })
    setErrors({
      to: recipient.ok ? undefined : recipient.message,
      amount: amount.ok ? undefined : amount.message,
    })
    if (!recipient.ok || !amount.ok) return
    const common = { asset, amount: amount.amount, idempotencyKey: crypto.randomUUID() }
    if (network.family === 'solana') {
      onReview({ family: 'solana', cluster: network.cluster, to: recipient.address, ...common })
      return
    }
    if (!evm?.ok) return
    const to = evm
    const { chain } = network
    onReview({
      family: 'evm',
      chain,
      to: to.address,
      ...common,
      transaction: buildTransfer({
        from: wallet.address,
        to: to.address,
        asset,
        amount: amount.amount,
        chainId: chain.id,
        usdcAddress: chain.usdcAddress,
      }),
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
          placeholder={network.family === 'solana' ? 'Solana address' : '0x…'}
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
      <AssetPicker
        name={`${id}-asset`}
        value={asset}
        nativeSymbol={network.nativeSymbol}
        usdc={usdc !== undefined}
        onChange={(option) => set({ asset: option, amount: '' })}
      />
      <NetworkPicker
        networks={networks}
        value={network.key}
        onChange={(key) => set({ network: key, amount: '' })}
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
            ? `Balance: ${formatWei(spendable.data.balance, { unitDecimals: decimals, decimals: symbol === 'USDC' ? 2 : 4 })} ${symbol} on ${network.name}`
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
      <div className="actions">
        <button type="submit" className="button button--block">
          Review
        </button>
        {values.to !== '' || values.amount !== '' ? (
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => {
              setErrors({})
              onClear()
            }}
          >
            Clear
          </button>
        ) : null}
      </div>
    </form>
  )
}
