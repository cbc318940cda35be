import { createHash } from 'node:crypto'
import {
  address,
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  devnet,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  type Signature,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  fetchMint,
  fetchToken,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import {
  DEVCHAIN_SOLANA_TREASURY_ADDRESS,
  DEVCHAIN_SOLANA_TREASURY_SEED,
  DEVCHAIN_SOLANA_TREASURY_USDC_AMOUNT,
  DEVCHAIN_SOLANA_USDC_MINT,
} from './solanaAccounts'
import {
  SOLANA_DEVNET_GENESIS_HASH,
  type StartSolanaClusterReturnType,
  startSolanaCluster,
} from './startSolanaCluster'

let cluster: StartSolanaClusterReturnType
// devnet(): the local cluster stands in for Solana devnet, whose RPC has requestAirdrop.
const connect = (url: string) => createSolanaRpc(devnet(url))
let rpc: ReturnType<typeof connect>
const SOL = 1_000_000_000n
const mint = address(DEVCHAIN_SOLANA_USDC_MINT)

beforeAll(async () => {
  cluster = await startSolanaCluster()
  rpc = connect(cluster.rpcUrl)
})
afterAll(() => cluster?.close())

/** Builds, signs and sends a v0 transaction with `payer` paying; answers its signature. */
async function send(payer: KeyPairSigner, instructions: Instruction[]): Promise<Signature> {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const transaction = await signTransactionMessageWithSigners(message)
  return rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }).send()
}

/** Asks getSignatureStatuses until the transaction is confirmed, as a wallet does after sending. */
async function confirm(signature: Signature) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { value } = await rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send()
    if (value[0]?.confirmationStatus === 'finalized' || value[0]?.confirmationStatus === 'confirmed')
      return value[0]
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${signature} was never confirmed`)
}

async function funded(sol: bigint): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner()
  await confirm(await rpc.requestAirdrop(signer.address, lamports(sol)).send())
  return signer
}

async function rawCall(body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(cluster.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, json: await response.json() }
}

describe('startSolanaCluster', () => {
  it('listens on a free port and answers the health, version and cluster identity a client checks', async () => {
    expect(cluster.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await rpc.getHealth().send()).toBe('ok')
    expect((await rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
    expect(await rpc.getGenesisHash().send()).toBe(SOLANA_DEVNET_GENESIS_HASH)
    const { value } = await rpc.getLatestBlockhash().send()
    expect(value.lastValidBlockHeight).toBeGreaterThan(await rpc.getBlockHeight().send())
    expect(await rpc.isBlockhashValid(value.blockhash).send()).toMatchObject({ value: true })
  })

  it('the treasury key is the published seed, and it holds SOL and the whole USDC supply', async () => {
    const seed = createHash('sha256').update('satchel devchain solana treasury').digest()
    expect(seed.toString('hex')).toBe(DEVCHAIN_SOLANA_TREASURY_SEED)
    const treasury = await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(seed))
    expect(treasury.address).toBe(DEVCHAIN_SOLANA_TREASURY_ADDRESS)
    expect(cluster.treasury).toBe(DEVCHAIN_SOLANA_TREASURY_ADDRESS)
    expect((await rpc.getBalance(treasury.address).send()).value).toBeGreaterThanOrEqual(1_000n * SOL)

    const usdc = await fetchMint(rpc, mint)
    expect(usdc.data.decimals).toBe(6)
    expect(usdc.data.supply).toBe(DEVCHAIN_SOLANA_TREASURY_USDC_AMOUNT)
    const [ata] = await findAssociatedTokenPda({
      owner: treasury.address,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    expect((await fetchToken(rpc, ata)).data.amount).toBeGreaterThan(0n)
  })

  it('airdrops SOL that getBalance then shows', async () => {
    const signer = await generateKeyPairSigner()
    expect((await rpc.getBalance(signer.address).send()).value).toBe(0n)
    const status = await confirm(await rpc.requestAirdrop(signer.address, lamports(2n * SOL)).send())
    expect(status.err).toBeNull()
    expect((await rpc.getBalance(signer.address).send()).value).toBe(2n * SOL)
    const account = await rpc.getAccountInfo(signer.address, { encoding: 'base64' }).send()
    expect(account.value).toMatchObject({
      lamports: 2n * SOL,
      owner: '11111111111111111111111111111111',
      space: 0n,
    })
  })

  it('transfers SOL between two keypairs, charging 5,000 lamports per signature', async () => {
    const alice = await funded(3n * SOL)
    const bob = await generateKeyPairSigner()
    const signature = await send(alice, [
      getTransferSolInstruction({ source: alice, destination: bob.address, amount: lamports(SOL) }),
    ])
    const status = await confirm(signature)
    expect(status.err).toBeNull()
    expect((await rpc.getBalance(bob.address).send()).value).toBe(SOL)
    expect((await rpc.getBalance(alice.address).send()).value).toBe(2n * SOL - 5_000n)

    // The same transfer again, on the cluster's next blockhash, is a transaction of its own.
    const again = await send(alice, [
      getTransferSolInstruction({ source: alice, destination: bob.address, amount: lamports(SOL) }),
    ])
    expect(again).not.toBe(signature)
    await confirm(again)
    expect((await rpc.getBalance(bob.address).send()).value).toBe(2n * SOL)

    const history = await rpc.getSignaturesForAddress(bob.address).send()
    expect(history.map((entry) => entry.signature)).toEqual([again, signature])
    const transaction = await rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send()
    expect(transaction?.meta?.err).toBeNull()
    expect(transaction?.meta?.fee).toBe(5_000n)
    expect(transaction?.transaction.message.accountKeys).toContain(bob.address)
  })

  it('creates an associated token account and transfers USDC to it, visible by owner', async () => {
    const treasury = await createKeyPairSignerFromPrivateKeyBytes(
      new Uint8Array(Buffer.from(DEVCHAIN_SOLANA_TREASURY_SEED, 'hex')),
    )
    const carol = await generateKeyPairSigner()
    const [source] = await findAssociatedTokenPda({
      owner: treasury.address,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const [destination] = await findAssociatedTokenPda({
      owner: carol.address,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const signature = await send(treasury, [
      await getCreateAssociatedTokenIdempotentInstructionAsync({
        payer: treasury,
        owner: carol.address,
        mint,
      }),
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: treasury,
        amount: 12_500_000n,
        decimals: 6,
      }),
    ])
    expect((await confirm(signature)).err).toBeNull()

    expect((await fetchToken(rpc, destination)).data).toMatchObject({
      owner: carol.address,
      mint,
      amount: 12_500_000n,
    })
    expect((await rpc.getTokenAccountBalance(destination).send()).value).toMatchObject({
      amount: '12500000',
      decimals: 6,
      uiAmountString: '12.5',
    })
    const parsed = await rpc
      .getTokenAccountsByOwner(carol.address, { mint }, { encoding: 'jsonParsed' })
      .send()
    expect(parsed.value).toHaveLength(1)
    expect(parsed.value[0]?.pubkey).toBe(destination)
    expect(parsed.value[0]?.account.data.parsed.info).toMatchObject({
      mint,
      owner: carol.address,
      state: 'initialized',
      tokenAmount: { amount: '12500000', decimals: 6, uiAmount: 12.5, uiAmountString: '12.5' },
    })
    const byProgram = await rpc
      .getTokenAccountsByOwner(carol.address, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' })
      .send()
    expect(byProgram.value.map((entry) => entry.pubkey)).toEqual([destination])

    const transaction = await rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send()
    expect(transaction?.meta?.postTokenBalances).toContainEqual(
      expect.objectContaining({
        owner: carol.address,
        mint,
        uiTokenAmount: expect.objectContaining({ amount: '12500000' }),
      }),
    )

    // jsonParsed, as a wallet reads its history: the keys by address with their roles, the balances
    // before and after in the keys' order, Carol's new account with no balance before.
    const parsedTransaction = await rpc
      .getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })
      .send()
    const keys = parsedTransaction?.transaction.message.accountKeys ?? []
    expect(keys[0]).toEqual({ pubkey: treasury.address, signer: true, writable: true, source: 'transaction' })
    expect(keys.find((key) => key.pubkey === TOKEN_PROGRAM_ADDRESS)).toMatchObject({
      signer: false,
      writable: false,
    })
    const destinationIndex = keys.findIndex((key) => key.pubkey === destination)
    const meta = parsedTransaction?.meta
    expect(meta?.preBalances[destinationIndex]).toBe(0n)
    expect(meta?.postBalances[destinationIndex]).toBe(2_039_280n)
    expect((meta?.preBalances[0] ?? 0n) - (meta?.postBalances[0] ?? 0n)).toBe(2_039_280n + 5_000n)
    expect(meta?.preTokenBalances?.find((entry) => entry.owner === carol.address)).toBeUndefined()
    expect(meta?.postTokenBalances).toContainEqual({
      accountIndex: destinationIndex,
      mint,
      owner: carol.address,
      programId: TOKEN_PROGRAM_ADDRESS,
      uiTokenAmount: { amount: '12500000', decimals: 6, uiAmount: 12.5, uiAmountString: '12.5' },
    })
    expect(meta).not.toHaveProperty('loadedAddresses')
    expect(parsedTransaction?.blockTime).toBeGreaterThan(Date.now() / 1000 - 60)
    expect(parsedTransaction?.transaction.message.instructions).toContainEqual(
      expect.objectContaining({
        programId: TOKEN_PROGRAM_ADDRESS,
        accounts: expect.arrayContaining([destination]),
      }),
    )
    // Carol's own address is in the transaction (the account's creation names its owner): her history has it.
    expect((await rpc.getSignaturesForAddress(carol.address).send()).map((entry) => entry.signature)).toEqual(
      [signature],
    )
    expect((await rpc.getSignaturesForAddress(destination).send())[0]).toMatchObject({
      signature,
      err: null,
      confirmationStatus: 'finalized',
    })
  })

  it('confirms through kit’s sendAndConfirmTransaction over the WebSocket subscriptions', async () => {
    const rpcSubscriptions = createSolanaRpcSubscriptions(devnet(cluster.subscriptionsUrl))
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })
    const frank = await funded(SOL)
    const grace = await generateKeyPairSigner()
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(frank, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstructions(
            [
              getTransferSolInstruction({
                source: frank,
                destination: grace.address,
                amount: lamports(SOL / 4n),
              }),
            ],
            m,
          ),
      ),
    )
    assertIsTransactionWithBlockhashLifetime(transaction)
    await sendAndConfirm(transaction, { commitment: 'confirmed' })
    expect((await rpc.getBalance(grace.address).send()).value).toBe(SOL / 4n)
  })

  it('simulating a transfer of more SOL than the payer holds reports the error and changes nothing', async () => {
    const dave = await funded(SOL)
    const erin = await generateKeyPairSigner()
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(dave, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({
              source: dave,
              destination: erin.address,
              amount: lamports(5n * SOL),
            }),
          ],
          m,
        ),
    )
    const wire = getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message))
    const simulation = await rpc.simulateTransaction(wire, { encoding: 'base64' }).send()
    // kit reads every JSON number as a bigint.
    expect(simulation.value.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect(simulation.value.logs?.join('\n')).toMatch(/insufficient lamports/)

    // Sending it with preflight is refused the way a real cluster refuses it.
    await expect(rpc.sendTransaction(wire, { encoding: 'base64' }).send()).rejects.toMatchObject({
      context: { __code: -32002 },
    })
    expect((await rpc.getBalance(dave.address).send()).value).toBe(SOL)
    expect((await rpc.getBalance(erin.address).send()).value).toBe(0n)
  })

  it('answers rent exemption, fees and epoch info as numbers a client can use', async () => {
    const rent = await rpc.getMinimumBalanceForRentExemption(165n).send()
    expect(rent).toBe(2_039_280n)
    const payer = await generateKeyPairSigner()
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const signed = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source: payer, destination: payer.address, amount: lamports(1n) })],
            m,
          ),
      ),
    )
    const message = Buffer.from(signed.messageBytes).toString('base64') as TransactionMessageBytesBase64
    expect((await rpc.getFeeForMessage(message).send()).value).toBe(5_000n)
    const slot = await rpc.getSlot().send()
    expect((await rpc.getEpochInfo().send()).absoluteSlot).toBe(slot)
  })

  it('answers malformed requests with JSON-RPC errors and keeps serving', async () => {
    const call = (method: string, params?: unknown) => rawCall({ jsonrpc: '2.0', id: 7, method, params })
    expect((await call('getBalance', ['not-an-address'])).json).toMatchObject({
      id: 7,
      error: { code: -32602 },
    })
    expect((await call('getBalance', [])).json).toMatchObject({ error: { code: -32602 } })
    expect((await call('getAccountInfo', [cluster.treasury, { encoding: 'xml' }])).json).toMatchObject({
      error: { code: -32602 },
    })
    expect((await call('sendTransaction', ['AAAA', { encoding: 'base64' }])).json).toMatchObject({
      error: { code: -32602 },
    })
    expect((await call('requestAirdrop', [cluster.treasury, -1])).json).toMatchObject({
      error: { code: -32602 },
    })
    expect((await call('eth_chainId')).json).toMatchObject({ id: 7, error: { code: -32601 } })
    expect((await call('toString')).json).toMatchObject({ error: { code: -32601 } })
    expect((await rawCall({ id: 1, method: 'getSlot' })).json).toMatchObject({ error: { code: -32600 } })
    expect((await rawCall([])).json).toMatchObject({ error: { code: -32600 } })
    expect((await rawCall('{"jsonrpc":')).json).toMatchObject({ error: { code: -32700 } })
    expect((await rawCall([{ jsonrpc: '2.0', id: 1, method: 'getHealth' }, 5])).json).toEqual([
      { jsonrpc: '2.0', result: 'ok', id: 1 },
      { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: null },
    ])
    expect(await rpc.getHealth().send()).toBe('ok')
  })

  it('answers malformed subscription requests with JSON-RPC errors', async () => {
    const socket = new WebSocket(cluster.subscriptionsUrl)
    const answers: unknown[] = []
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve())
      socket.addEventListener('error', () => reject(new Error('no WebSocket')))
    })
    const received = new Promise<void>((resolve) => {
      socket.addEventListener('message', (event) => {
        answers.push(JSON.parse(String(event.data)))
        if (answers.length === 3) resolve()
      })
    })
    socket.send('{"jsonrpc":')
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'signatureSubscribe', params: ['nope'] }))
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'blockSubscribe', params: [] }))
    await received
    socket.close()
    expect(answers).toEqual([
      { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null },
      { jsonrpc: '2.0', error: { code: -32602, message: 'Invalid params: Invalid signature' }, id: 2 },
      { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id: 3 },
    ])
  })

  it('serves a browser: CORS preflight allowed, GET refused', async () => {
    const preflight = await fetch(cluster.rpcUrl, { method: 'OPTIONS' })
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect((await fetch(cluster.rpcUrl)).status).toBe(405)
  })
})
