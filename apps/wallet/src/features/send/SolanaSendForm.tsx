import type { SatchelWallet } from '@satchel/react'
import { type FormEvent, useId, useState } from 'react'
import { createSolanaReader } from '../../shared/chains/solana/createSolanaReader'
import { SOL_DECIMALS, SOLANA_USDC_DECIMALS } from '../../shared/chains/solana/readSolanaBalances'
import type { SolanaCluster } from '../../shared/chains/solana/readSolanaConfig'
import type { WalletNetwork } from '../../shared/chains/useWalletNetworks'
import { usePolling } from '../../shared/hooks/usePolling'
import { checkAmount } from './checkAmount'
import { SendFields } from './SendFields'
import type { SendFormValues } from './SendForm'
import { validateSolanaRecipient } from './validateSolanaRecipient'

/** A checked send on Solana, ready for review. */
export type SolanaSendDraft = {
  cluster: SolanaCluster
  asset: 'native' | 'USDC'
  to: string
  amount: bigint
  /** Made once per draft: a retried confirmation (or a double click) sends once. */
  idempotencyKey: string
}

// What Max keeps back from SOL for the fee: two signatures' worth (5,000 lamports each), as headroom.
const SOL_FEE_MARGIN = 10_000n

type Errors = { to?: string | undefined; amount?: string | undefined }

/**
 * The send form on a Solana cluster: recipient (base58, 32 bytes; an EVM address is refused in
 * words), SOL or USDC, amount with Max and the balance beside it.
 */
export function SolanaSendForm({
  wallet,
  networks,
  cluster,
  values,
  onChange,
  onReview,
}: {
  wallet: SatchelWallet
  networks: readonly WalletNetwork[]
  cluster: SolanaCluster
  values: SendFormValues
  onChange: (values: SendFormValues) => void
  onReview: (draft: SolanaSendDraft) => void
}) {
  const id = useId()
  const [errors, setErrors] = useState<Errors>({})
  const asset = values.asset === 'USDC' && cluster.usdcMint ? 'USDC' : 'native'
  const decimals = asset === 'USDC' ? SOLANA_USDC_DECIMALS : SOL_DECIMALS
  const symbol = asset === 'USDC' ? 'USDC' : 'SOL'
  const spendable = usePolling(
    async () => {
      const reader = createSolanaReader(cluster)
      if (asset === 'USDC') {
        const balance = (await reader.getUsdcBalance(wallet.address)) ?? 0n
        return { balance, max: balance }
      }
      const balance = await reader.getSolBalance(wallet.address)
      return { balance, max: balance > SOL_FEE_MARGIN ? balance - SOL_FEE_MARGIN : 0n }
    },
    `${wallet.address}:${cluster.caip2}:${asset}`,
    5000,
  )
  const set = (patch: Partial<SendFormValues>) => onChange({ ...values, ...patch })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const recipient = validateSolanaRecipient(values.to)
    const own = recipient.ok && recipient.address === wallet.address
    const amount = checkAmount({ input: values.amount, decimals, balance: spendable.data?.balance, symbol })
    setErrors({
      to: recipient.ok ? (own ? 'This is your own address' : undefined) : recipient.message,
      amount: amount.ok ? undefined : amount.message,
    })
    if (!recipient.ok || own || !amount.ok) return
    onReview({
      cluster,
      asset,
      to: recipient.address,
      amount: amount.amount,
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
        network={cluster.caip2}
        asset={asset}
        nativeSymbol={'SOL'}
        usdc={cluster.usdcMint !== undefined}
        decimals={decimals}
        chainName={cluster.name}
        spendable={spendable}
        placeholder="Solana address"
      />
    </form>
  )
}
