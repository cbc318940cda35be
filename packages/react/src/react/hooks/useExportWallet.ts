import type { ExportWalletParameters } from '../../client/actions/exportWallet'
import { type ExportWalletReturnType, exportWallet } from '../../client/actions/exportWallet'
import { type NamedActionReturnType, useNamedAction } from '../useNamedAction'

type Parameters = ExportWalletParameters | undefined

type Return = NamedActionReturnType<'exportWallet', Parameters, ExportWalletReturnType>

/**
 * Exports an embedded wallet's secret, encrypted by the server to a key made in this browser for this
 * export only. Show `secret` to the user and drop it; `reset()` clears it from the hook's state.
 *
 * @example
 * const { exportWallet, data } = useExportWallet()
 * await exportWallet({ wallet: address })
 */
export function useExportWallet(): Return {
  return useNamedAction('useExportWallet', 'exportWallet', exportWallet)
}
