import { existsSync, mkdirSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { dirname } from 'node:path'
import { address, generateKeyPairSigner, lamports, none, some } from '@solana/kit'
import {
  AccountState,
  findAssociatedTokenPda,
  getMintEncoder,
  getMintSize,
  getTokenEncoder,
  getTokenSize,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { LiteSVM } from 'litesvm'
import { SolanaClusterStartError } from '../errors'
import { createSolanaLedger } from './createSolanaLedger'
import { createSolanaRpcMethods } from './createSolanaRpcMethods'
import { serveJsonRpc } from './serveJsonRpc'
import { serveSolanaSubscriptions } from './serveSolanaSubscriptions'
import {
  DEVCHAIN_SOLANA_TREASURY_ADDRESS,
  DEVCHAIN_SOLANA_TREASURY_LAMPORTS,
  DEVCHAIN_SOLANA_TREASURY_USDC_AMOUNT,
  DEVCHAIN_SOLANA_USDC_DECIMALS,
  DEVCHAIN_SOLANA_USDC_MINT,
} from './solanaAccounts'

/** Solana devnet's genesis hash: the local cluster answers it, since it stands in for devnet. */
export const SOLANA_DEVNET_GENESIS_HASH = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG'

const SAVE_DELAY_MS = 1_000
// What the faucet behind `requestAirdrop` holds each start: 1,000,000,000 SOL.
const FAUCET_LAMPORTS = 10n ** 18n

export type StartSolanaClusterParameters = {
  /** Port on `host`; 0 or undefined lets the OS pick a free one (read it back from `rpcUrl`). */
  port?: number | undefined
  host?: string | undefined
  /**
   * A file the cluster's accounts are loaded from when it exists and saved to on `close()` (and a
   * second after each transaction), so a second start continues with the same balances. Transaction history starts afresh each time.
   */
  stateFile?: string | undefined
  /** What `getGenesisHash` answers. Default {@link SOLANA_DEVNET_GENESIS_HASH}. */
  genesisHash?: string | undefined
  /** Where failures inside a request are reported (they are answered -32603). Default console.warn. */
  onError?: ((error: unknown) => void) | undefined
}

export type StartSolanaClusterReturnType = {
  /** `http://<host>:<port>`: point `createSolanaRpc` (or SOLANA_RPC_URLS) at it. */
  rpcUrl: string
  /** `ws://<host>:<port>`: `createSolanaRpcSubscriptions` (signature and slot notifications). */
  subscriptionsUrl: string
  port: number
  /** The USDC-like mint: 6 decimals, its supply in the treasury's associated token account. */
  mint: string
  /** The funded treasury (SOL and USDC); its key is {@link DEVCHAIN_SOLANA_TREASURY_SEED}. */
  treasury: string
  /** Stops serving (saving the state file first, if any). */
  close(): Promise<void>
}

export type StartSolanaClusterErrorType = SolanaClusterStartError

/**
 * A local Solana cluster for `npm start` and tests: LiteSVM (the Solana runtime with the SPL token
 * and associated token programs) behind an HTTP JSON-RPC server that answers what `@solana/kit`
 * uses, with signature and slot subscriptions over WebSocket on the same port. It starts with a USDC-like mint at devnet USDC's address and a treasury holding SOL and the
 * whole USDC supply. Every transaction lands at once in a slot of its own and is final.
 *
 * @example
 * const cluster = await startSolanaCluster()
 * const rpc = createSolanaRpc(cluster.rpcUrl)
 * await rpc.getBalance(address(cluster.treasury)).send()
 * await cluster.close()
 */
export async function startSolanaCluster(
  parameters: StartSolanaClusterParameters = {},
): Promise<StartSolanaClusterReturnType> {
  const { port = 0, host = '127.0.0.1', stateFile } = parameters
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new SolanaClusterStartError(`Invalid port: ${port}`)
  let svm: LiteSVM
  try {
    svm = stateFile && existsSync(stateFile) ? LiteSVM.loadFromFile(stateFile) : new LiteSVM()
  } catch (cause) {
    throw new SolanaClusterStartError(`The Solana state file could not be read: ${stateFile}`, {
      details: cause instanceof Error ? cause.message : String(cause),
      cause,
    })
  }
  await seedAccounts(svm)
  const faucet = await generateKeyPairSigner()
  svm.setAccount({
    address: faucet.address,
    lamports: lamports(FAUCET_LAMPORTS),
    programAddress: address('11111111111111111111111111111111'),
    executable: false,
    data: new Uint8Array(),
    space: 0n,
  })
  // The state is also saved shortly after each transaction, so a devnet that is killed rather than
  // stopped (a closed terminal) keeps what it had.
  let saveTimer: NodeJS.Timeout | undefined
  const save = () => {
    clearTimeout(saveTimer)
    saveTimer = undefined
    if (!stateFile) return
    mkdirSync(dirname(stateFile), { recursive: true })
    svm.saveToFile(stateFile)
  }
  const scheduleSave = () => {
    if (!stateFile || saveTimer) return
    saveTimer = setTimeout(() => {
      try {
        save()
      } catch (error) {
        onError(error)
      }
    }, SAVE_DELAY_MS)
    saveTimer.unref()
  }
  const onError = parameters.onError ?? ((error: unknown) => console.warn('solana cluster:', error))
  let pubsub: ReturnType<typeof serveSolanaSubscriptions> | undefined
  const ledger = createSolanaLedger(svm, faucet, (record) => {
    scheduleSave()
    pubsub?.notifyLanded(record)
  })
  const methods = createSolanaRpcMethods({
    ledger,
    genesisHash: parameters.genesisHash ?? SOLANA_DEVNET_GENESIS_HASH,
  })
  const server = serveJsonRpc(methods, onError)
  pubsub = serveSolanaSubscriptions(server, ledger)
  await new Promise<void>((resolve, reject) => {
    server.once('error', (cause) =>
      reject(
        new SolanaClusterStartError(`The Solana cluster could not listen on ${host}:${port}`, {
          cause,
          details: cause.message,
        }),
      ),
    )
    server.listen(port, host, () => resolve())
  })
  const bound = (server.address() as AddressInfo).port
  let closing: Promise<void> | undefined
  return {
    rpcUrl: `http://${host}:${bound}`,
    subscriptionsUrl: `ws://${host}:${bound}`,
    port: bound,
    mint: DEVCHAIN_SOLANA_USDC_MINT,
    treasury: DEVCHAIN_SOLANA_TREASURY_ADDRESS,
    close: () => {
      closing ??= (pubsub?.close() ?? Promise.resolve())
        .then(
          () =>
            new Promise<void>((resolve) => {
              server.closeAllConnections()
              server.close(() => resolve())
            }),
        )
        .then(save)
      return closing
    },
  }
}

// The treasury, the mint and the treasury's token account, written straight into the ledger the
// first time (a loaded state already has them).
async function seedAccounts(svm: LiteSVM): Promise<void> {
  const treasury = address(DEVCHAIN_SOLANA_TREASURY_ADDRESS)
  const mint = address(DEVCHAIN_SOLANA_USDC_MINT)
  if (!svm.getAccount(treasury).exists)
    svm.setAccount({
      address: treasury,
      lamports: lamports(DEVCHAIN_SOLANA_TREASURY_LAMPORTS),
      programAddress: address('11111111111111111111111111111111'),
      executable: false,
      data: new Uint8Array(),
      space: 0n,
    })
  if (svm.getAccount(mint).exists) return
  const mintData = new Uint8Array(
    getMintEncoder().encode({
      mintAuthority: some(treasury),
      supply: DEVCHAIN_SOLANA_TREASURY_USDC_AMOUNT,
      decimals: DEVCHAIN_SOLANA_USDC_DECIMALS,
      isInitialized: true,
      freezeAuthority: none(),
    }),
  )
  svm.setAccount({
    address: mint,
    lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(getMintSize()))),
    programAddress: TOKEN_PROGRAM_ADDRESS,
    executable: false,
    data: mintData,
    space: BigInt(mintData.length),
  })
  const [ata] = await findAssociatedTokenPda({ owner: treasury, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const tokenData = new Uint8Array(
    getTokenEncoder().encode({
      mint,
      owner: treasury,
      amount: DEVCHAIN_SOLANA_TREASURY_USDC_AMOUNT,
      delegate: none(),
      state: AccountState.Initialized,
      isNative: none(),
      delegatedAmount: 0,
      closeAuthority: none(),
    }),
  )
  svm.setAccount({
    address: ata,
    lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(getTokenSize()))),
    programAddress: TOKEN_PROGRAM_ADDRESS,
    executable: false,
    data: tokenData,
    space: BigInt(tokenData.length),
  })
}
