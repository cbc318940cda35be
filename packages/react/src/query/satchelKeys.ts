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
  action: (appId: string, name: string) => ['satchel', appId, 'action', name] as const,
}
