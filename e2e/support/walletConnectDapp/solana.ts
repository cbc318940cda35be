// The test dApp's Solana side: it proposes a `solana` namespace on the cluster in `?solana=` (the
// devnet's LiteSVM cluster), asks for a message signature, asks the wallet to sign and send a 0.01 SOL
// transfer it builds on a blockhash from `?solanaRpc=`, or to sign one that also calls a program the
// wallet cannot read (as a drainer's would). WalletConnect's Solana JSON-RPC: a base58 message, a
// base64 wire transaction, base58 signatures back.
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { SignClient } from '@walletconnect/sign-client'

export const SOLANA_MESSAGE = 'Hello from the test dApp on Solana'
// An address that holds nothing until the dApp sends it SOL (above the rent-exempt minimum).
const RECIPIENT = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW'
const LAMPORTS = 10_000_000n
// The stake program: an instruction of it (here `Deactivate`) is one the wallet does not read.
const STAKE_PROGRAM = 'Stake11111111111111111111111111111111111111'

type Client = Awaited<ReturnType<typeof SignClient.init>>
type Page = { element(id: string): HTMLElement; setStatus(text: string): void }

const refused = (error: unknown) => {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : ''
  return `Refused (${code}): ${error instanceof Error ? error.message : String(error)}`
}

/**
 * Wires the Solana buttons: connect (a `solana` namespace only), sign a message, send SOL. Does
 * nothing on a page opened without `?solana=`.
 *
 * @example
 * setUpSolana(client, { element, setStatus })
 */
export function setUpSolana(client: Client, { element, setStatus }: Page): void {
  const query = new URLSearchParams(location.search)
  const chain = query.get('solana')
  const rpcUrl = query.get('solanaRpc')
  if (!chain || !rpcUrl) return
  let topic: string | undefined
  let account: string | undefined
  const enable = (connected: boolean) => {
    element('solana-connect').toggleAttribute('disabled', connected)
    element('solana-sign').toggleAttribute('disabled', !connected)
    element('solana-send').toggleAttribute('disabled', !connected)
    element('solana-unreadable').toggleAttribute('disabled', !connected)
  }
  element('solana-recipient').textContent = RECIPIENT
  enable(false)
  client.on('session_delete', (event) => {
    if (event.topic === topic) enable(false)
  })

  element('solana-connect').addEventListener('click', async () => {
    element('solana-connect').toggleAttribute('disabled', true)
    try {
      const { uri, approval } = await client.connect({
        optionalNamespaces: {
          solana: {
            chains: [chain],
            methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
            events: [],
          },
        },
      })
      element('uri').textContent = uri ?? ''
      setStatus('Waiting for the wallet')
      const session = await approval()
      topic = session.topic
      account = session.namespaces.solana?.accounts[0]?.split(':')[2]
      setStatus(`Connected: ${account} (${session.peer.metadata.name})`)
      enable(true)
    } catch (error) {
      setStatus(`Not connected: ${error instanceof Error ? error.message : String(error)}`)
      enable(false)
    }
  })

  element('solana-sign').addEventListener('click', async () => {
    if (!topic || !account) return
    setStatus('Waiting for the signature')
    try {
      const message = getBase58Decoder().decode(new TextEncoder().encode(SOLANA_MESSAGE))
      const { signature } = await client.request<{ signature: string }>({
        topic,
        chainId: chain,
        request: { method: 'solana_signMessage', params: { message, pubkey: account } },
      })
      element('signature').textContent = signature
      setStatus('Signed')
    } catch (error) {
      setStatus(refused(error))
    }
  })

  /** A 0.01 SOL transfer from the connected account, and `extra` instructions, in wire format (base64). */
  const buildTransfer = async (owner: string, extra: Instruction[] = []) => {
    const { value: lifetime } = await createSolanaRpc(rpcUrl).getLatestBlockhash().send()
    const payer = createNoopSigner(address(owner))
    const transfer = getTransferSolInstruction({
      source: payer,
      destination: address(RECIPIENT),
      amount: LAMPORTS,
    })
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (draft) => setTransactionMessageFeePayerSigner(payer, draft),
      (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime, draft),
      (draft) => appendTransactionMessageInstructions([transfer, ...extra], draft),
    )
    return getBase64EncodedWireTransaction(compileTransaction(message))
  }

  element('solana-send').addEventListener('click', async () => {
    if (!topic || !account) return
    setStatus('Waiting for the transaction')
    try {
      const transaction = await buildTransfer(account)
      const { signature } = await client.request<{ signature: string }>({
        topic,
        chainId: chain,
        request: { method: 'solana_signAndSendTransaction', params: { transaction, pubkey: account } },
      })
      setStatus(`Sent: ${signature}`)
    } catch (error) {
      setStatus(refused(error))
    }
  })

  element('solana-unreadable').addEventListener('click', async () => {
    if (!topic || !account) return
    setStatus('Waiting for the transaction')
    try {
      const stake = {
        programAddress: address(STAKE_PROGRAM),
        accounts: [{ address: address(account), role: AccountRole.WRITABLE_SIGNER }],
        data: Uint8Array.of(5, 0, 0, 0),
      }
      const transaction = await buildTransfer(account, [stake])
      await client.request<{ signature: string }>({
        topic,
        chainId: chain,
        request: { method: 'solana_signTransaction', params: { transaction, pubkey: account } },
      })
      setStatus('Signed')
    } catch (error) {
      setStatus(refused(error))
    }
  })
}
