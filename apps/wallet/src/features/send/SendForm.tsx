import type { SatchelWallet, TransactionRequest } from '@satchel/react'
import { type FormEvent, useId, useState } from 'react'
import { USDC_DECIMALS } from '../../shared/chains/erc20'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import type { WalletNetwork } from '../../shared/chains/useWalletNetworks'
import { buildTransfer, type TransferAsset } from './buildTransfer'
import { checkAmount } from './checkAmount'
import { SendFields } from './SendFields'
import { useSpendable } from './useSpendable'
import { validateRecipient } from './validateRecipient'

/** What the send form holds; `network` is the EVM chain id or the Solana cluster's CAIP-2 id. */
export type SendFormValues = { to: string; asset: TransferAsset; network: string; amount: string }

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
 * The send form on an EVM chain: recipient (checked, checksum included), asset, chain, amount with
 * Max and the balance beside it.
 */
export function SendForm({
  wallet,
  networks,
  chain,
  values,
  onChange,
  onReview,
}: {
  wallet: SatchelWallet
  networks: readonly WalletNetwork[]
  chain: WalletChain
  values: SendFormValues
  onChange: (values: SendFormValues) => void
  onReview: (draft: SendDraft) => void
}) {
  const id = useId()
  const [errors, setErrors] = useState<Errors>({})
  const asset: TransferAsset = values.asset === 'USDC' && !chain.usdcAddress ? 'native' : values.asset
  const decimals = asset === 'USDC' ? USDC_DECIMALS : 18
  const symbol = asset === 'USDC' ? 'USDC' : chain.nativeSymbol
  const spendable = useSpendable(wallet.address, chain, asset)
  const set = (patch: Partial<SendFormValues>) => onChange({ ...values, ...patch })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const recipient = validateRecipient(values.to)
    const amount = checkAmount({ input: values.amount, decimals, balance: spendable.data?.balance, symbol })
    setErrors({
      to: recipient.ok ? undefined : recipient.message,
      amount: amount.ok ? undefined : amount.message,
    })
    if (!recipient.ok || !amount.ok) return
    onReview({
      chain,
      asset,
      to: recipient.address,
      amount: amount.amount,
      transaction: buildTransfer({
        from: wallet.address,
        to: recipient.address,
        asset,
        amount: amount.amount,
        chainId: chain.id,
        usdcAddress: chain.usdcAddress,
      }),
      idempotencyKey: crypto.randomUUID(),
    })
  }

  return (
    <form className="card" onSubmit={submit} noValidate>
      <SendFields
        id={id}
        values={values}
        errors={errors}
        set={set}
        networks={networks}
        network={String(chain.id)}
        asset={asset}
        nativeSymbol={chain.nativeSymbol}
        usdc={chain.usdcAddress !== undefined}
        decimals={decimals}
        chainName={chain.name}
        spendable={spendable}
        placeholder="0x…"
      />
    </form>
  )
}
