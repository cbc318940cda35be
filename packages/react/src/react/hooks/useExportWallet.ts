import { useMemo } from 'react'
import type { ExportWalletParameters } from '../../client/actions/exportWallet'
import { type ExportWalletReturnType, exportWallet } from '../../client/actions/exportWallet'
import { actionOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import { type UseActionReturnType, useAction } from '../useAction'

type Parameters = ExportWalletParameters | undefined

/**
 * Exports an embedded wallet's secret, encrypted by the server to a key made in this browser for this
 * export only. Show `secret` to the user and drop it; `reset()` clears it from the hook's state.
 *
 * @example
 * const { exportWallet, data } = useExportWallet()
 * await exportWallet({ wallet: address })
 */
export function useExportWallet(): {
  exportWallet: (parameters?: Parameters) => Promise<ExportWalletReturnType>
} & UseActionReturnType<Parameters, ExportWalletReturnType> {
  const client = useSatchelClient('useExportWallet')
  const action = useAction(
    useMemo(() => actionOptions(client, 'exportWallet', (c, p: Parameters) => exportWallet(c, p)), [client]),
  )
  return { ...action, exportWallet: action.mutateAsync }
}
