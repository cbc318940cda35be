// WalletConnect's Solana methods answered by the embedded Solana wallet, signing through a real
// Satchel server: the answers are in the shapes dApps read, and their signatures verify.
import { InvalidParamsError, UnauthorizedError } from '@satchel/core'
import {
  address,
  createNoopSigner,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getTransactionDecoder,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildWireTransaction } from '../../../test/buildWireTransaction'
import { signInWithEmail } from '../../../test/signInWithEmail'
import { startServer, type TestStack } from '../../../test/startServer'
import { createWallet } from '../../client/actions/createWallet'
import type { SatchelClient } from '../../client/createSatchelClient'
import { answerSessionRequest } from './answerSessionRequest'

const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

let stack: TestStack
let client: SatchelClient
let owner: string

beforeAll(async () => {
  stack = await startServer()
  client = await signInWithEmail(stack, 'wc-solana@example.com', { createWalletsOnLogin: 'off' })
  owner = (await createWallet(client, { chainType: 'solana' })).address
})

afterAll(async () => {
  client?.destroy()
  await stack?.close()
})

const bytes = (base58: string) => Uint8Array.from(getBase58Encoder().encode(base58))

/** Whether `signature` is `owner`'s ed25519 signature of `message` (WebCrypto, no key library). */
async function verifies(
  signature: Uint8Array<ArrayBuffer>,
  message: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  const key = await crypto.subtle.importKey('raw', bytes(owner), { name: 'Ed25519' }, false, ['verify'])
  return crypto.subtle.verify({ name: 'Ed25519' }, key, signature, message)
}

const answer = (method: string, params: unknown, addresses = [owner]) =>
  answerSessionRequest(client, { method, params, caip2: DEVNET, chainId: undefined, addresses })

describe('answerSessionRequest on Solana', () => {
  it('signs a base58 message and answers {signature} in base58, verifiable with the address', async () => {
    const message = new TextEncoder().encode('Hello from a dApp')
    const result = await answer('solana_signMessage', {
      message: getBase58Decoder().decode(message),
      pubkey: owner,
    })
    expect(result).toEqual({ signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) })
    const { signature } = result as { signature: string }
    expect(await verifies(bytes(signature), message)).toBe(true)
  })

  it('signs a transaction without sending it: the wallet’s signature and the signed transaction', async () => {
    const transaction = buildWireTransaction(owner, [
      getTransferSolInstruction({
        source: createNoopSigner(address(owner)),
        destination: address(owner),
        amount: 1n,
      }),
    ])
    const result = (await answer('solana_signTransaction', { transaction })) as {
      signature: string
      transaction: string
    }
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(result.transaction))
    expect(signed.signatures[address(owner)]).toEqual(bytes(result.signature))
    expect(await verifies(bytes(result.signature), Uint8Array.from(signed.messageBytes))).toBe(true)
  })

  it('refuses an address the session does not share, and a message that is not base58', async () => {
    await expect(
      answer('solana_signMessage', { message: '2NEpo7TZRRrLZSi2U', pubkey: owner }, []),
    ).rejects.toBeInstanceOf(UnauthorizedError)
    await expect(answer('solana_signMessage', { message: '0OIl', pubkey: owner })).rejects.toBeInstanceOf(
      InvalidParamsError,
    )
  })
})
