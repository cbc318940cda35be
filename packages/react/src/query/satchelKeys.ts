/**
 * Query and mutation keys, one factory so a cache (TanStack Query's, or the app's own) can be
 * invalidated per app or per thing: `satchelKeys.all(appId)` covers every key of the app.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: satchelKeys.wallets('app_1') })
 */
export const satchelKeys = {
  all: (appId: string) => ['satchel', appId] as const,
  user: (appId: string) => ['satchel', appId, 'user'] as const,
  wallets: (appId: string) => ['satchel', appId, 'wallets'] as const,
  appConfig: (appId: string) => ['satchel', appId, 'app-config'] as const,
  sessions: (appId: string) => ['satchel', appId, 'sessions'] as const,
  policies: (appId: string) => ['satchel', appId, 'policies'] as const,
  sessionSigners: (appId: string) => ['satchel', appId, 'session-signers'] as const,
  recoveryStatus: (appId: string) => ['satchel', appId, 'recovery-status'] as const,
  fundingOptions: (appId: string, parameters: { chainId: number; asset: string }) =>
    ['satchel', appId, 'funding-options', parameters] as const,
  fundingStatus: (appId: string, parameters: { partnerUserId?: string; sandboxSessionId?: string }) =>
    ['satchel', appId, 'funding-status', parameters] as const,
  transactionScan: (appId: string, parameters: Record<string, unknown>) =>
    ['satchel', appId, 'transaction-scan', parameters] as const,
  transactionStatus: (appId: string, parameters: { walletId: string; hash: string }) =>
    ['satchel', appId, 'transaction-status', parameters] as const,
  action: (appId: string, name: string) => ['satchel', appId, 'action', name] as const,
}
