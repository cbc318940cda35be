/** A started WalletKit client (its type, without loading WalletKit to name it). */
export type WalletKitClient = Awaited<ReturnType<typeof import('@reown/walletkit')['WalletKit']['init']>>

export type InitWalletKitParameters = {
  projectId: string
  relayUrl: string
  metadata: { name: string; description: string; url: string; icons: string[] }
  customStoragePrefix: string
  storageOptions?: { database?: string } | undefined
  requestQueueDelay?: number | undefined
}

/**
 * Loads `@walletconnect/core` and `@reown/walletkit` (their own chunks: nothing of WalletConnect is in
 * a page until this runs), and starts a WalletKit client on the given relay with telemetry off.
 *
 * @example
 * const kit = await initWalletKit({ projectId, relayUrl, metadata, customStoragePrefix: 'satchel-wallet' })
 */
export async function initWalletKit(parameters: InitWalletKitParameters): Promise<WalletKitClient> {
  const [{ Core }, { WalletKit }] = await Promise.all([
    import('@walletconnect/core'),
    import('@reown/walletkit'),
  ])
  const core = new Core({
    projectId: parameters.projectId,
    relayUrl: parameters.relayUrl,
    // Core is one per storage prefix per page: the prefix keeps this client apart from others.
    customStoragePrefix: parameters.customStoragePrefix,
    telemetryEnabled: false,
    ...(parameters.storageOptions ? { storageOptions: parameters.storageOptions } : {}),
  })
  // WalletKit starts Core's event client whatever `telemetryEnabled` says, and it posts an INIT event
  // to pulse.walletconnect.org on every load: telemetry is off here, so that start does nothing.
  Reflect.set(core.eventClient, 'init', async () => {})
  const kit = await WalletKit.init({
    // @ts-expect-error Core declares `relayUrl: string | undefined` where ICore has `relayUrl?: string`:
    // the same thing but for exactOptionalPropertyTypes. This flags itself once the SDK's types agree.
    core,
    metadata: parameters.metadata,
  })
  // WalletKit waits between queued requests (1 s by default); tests need no pause.
  if (parameters.requestQueueDelay !== undefined)
    Reflect.set(kit.engine.signClient.engine, 'requestQueueDelay', parameters.requestQueueDelay)
  return kit
}
