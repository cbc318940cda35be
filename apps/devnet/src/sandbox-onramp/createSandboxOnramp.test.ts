import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LOCAL_CHAIN_ID, LOCAL_USDC_ADDRESS } from '@satchel/core'
import {
  DEVCHAIN_SOLANA_USDC_MINT,
  deployUsdc,
  type StartAnvilReturnType,
  type StartSolanaClusterReturnType,
  satchelUsd,
  startAnvil,
  startSolanaCluster,
} from '@satchel/devchain'
import { createSolanaRpc, generateKeyPairSigner, signature, address as solanaAddress } from '@solana/kit'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CreateSandboxOnrampReturnType, createSandboxOnramp } from './createSandboxOnramp'

const SECRET = 'sandbox-webhook-secret-for-tests'

let chain: StartAnvilReturnType
let cluster: StartSolanaClusterReturnType
const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
let sandbox: CreateSandboxOnrampReturnType
let api: Server
const webhooks: Array<{ body: Record<string, unknown>; signature: string; raw: string }> = []

beforeAll(async () => {
  chain = await startAnvil({ chainId: LOCAL_CHAIN_ID })
  await deployUsdc({ rpcUrl: chain.rpcUrl, chainId: chain.chainId })
  cluster = await startSolanaCluster()
  // Plays the Satchel API's webhook endpoint: records what the sandbox reports.
  api = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8')
    })
    request.on('end', () => {
      webhooks.push({
        raw,
        body: JSON.parse(raw),
        signature: String(request.headers['satchel-sandbox-signature']),
      })
      response
        .writeHead(request.url === '/api/v1/funding/webhooks/sandbox' ? 200 : 404)
        .end('{"received":true}')
    })
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  sandbox = await createSandboxOnramp({
    apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    webhookSecret: SECRET,
    chains: [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl }],
    solana: { caip2: SOLANA_DEVNET, rpcUrl: cluster.rpcUrl },
    log: () => {},
  })
})
afterAll(async () => {
  await sandbox?.close()
  api?.close()
  await chain?.stop()
  await cluster?.close()
})

const client = () => createPublicClient({ transport: http(chain.rpcUrl) })
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

/** A checkout link as the API makes it (see packages/server/src/funding/sandbox/createSandboxCheckoutToken.ts). */
function checkoutToken(
  claims: {
    sid: string
    address: string
    asset: string
    amount: string
    chainId?: number
    /** A Solana cluster instead of an EVM chain. */
    caip2?: string
    expiresIn?: number
  },
  secret = SECRET,
) {
  const payload = Buffer.from(
    JSON.stringify({
      sid: claims.sid,
      address: claims.address,
      ...(claims.caip2 ? { caip2: claims.caip2 } : { chain_id: claims.chainId ?? LOCAL_CHAIN_ID }),
      asset: claims.asset,
      amount: claims.amount,
      exp: Math.floor(Date.now() / 1000) + (claims.expiresIn ?? 600),
    }),
  ).toString('base64url')
  return `${payload}.${createHmac('sha256', secret).update(`satchel-sandbox-checkout.${payload}`).digest('base64url')}`
}

/** Opens the checkout page and submits its form as a browser would (the hidden session field included). */
async function payThroughForm(token: string, fields: { amount: string; asset: string; card_number: string }) {
  const page = await fetch(`${sandbox.url}/checkout?session=${token}`)
  const html = await page.text()
  const session = /name="session" value="([^"]+)"/.exec(html)?.[1] ?? ''
  return postCheckout(session, fields)
}

/** The form's POST on its own: a resubmitted form (the back button) or a hand-made request. */
async function postCheckout(session: string, fields: { amount: string; asset: string; card_number: string }) {
  const response = await fetch(`${sandbox.url}/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session, ...fields }).toString(),
  })
  return { status: response.status, html: await response.text() }
}

const webhooksFor = (sid: string) => webhooks.filter((webhook) => webhook.body.session_id === sid)

describe('createSandboxOnramp', () => {
  it('shows an accessible checkout form for a valid link', async () => {
    const address = freshAddress()
    const response = await fetch(
      `${sandbox.url}/checkout?session=${checkoutToken({ sid: 'fund_form', address, asset: 'USDC', amount: '25' })}`,
    )
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain(`Paying to <code>${address}</code> on Satchel Devnet (chain 31337).`)
    for (const [id, name] of [
      ['amount', 'amount'],
      ['asset', 'asset'],
      ['card-number', 'card_number'],
    ])
      expect(html).toMatch(
        new RegExp(`<label for="${id}">[^<]+</label>\\n<(input|select) id="${id}" name="${name}"`),
      )
    expect(html).toContain('value="25"')
    expect(html).toContain('<option value="USDC" selected>USDC</option>')
    expect(html).toContain('Use the test card 4242 4242 4242 4242. Any other number is declined.')
  })

  it('pays USDC with the test card, then reports success with the transaction hash, signed', async () => {
    const address = freshAddress()
    const token = checkoutToken({ sid: 'fund_usdc', address, asset: 'USDC', amount: '25' })
    const paid = await payThroughForm(token, {
      amount: '25',
      asset: 'USDC',
      card_number: '4242 4242 4242 4242',
    })
    expect(paid.status).toBe(200)
    expect(paid.html).toContain(`Sent 25 USDC to ${address} on Satchel Devnet.`)
    const balance = await client().readContract({
      address: LOCAL_USDC_ADDRESS,
      abi: satchelUsd.abi,
      functionName: 'balanceOf',
      args: [address],
    })
    expect(balance).toBe(25_000_000n)

    const [processing, succeeded] = webhooksFor('fund_usdc')
    expect(processing?.body).toMatchObject({ type: 'checkout.processing', status: 'processing' })
    expect(succeeded?.body).toEqual({
      session_id: 'fund_usdc',
      chain_id: LOCAL_CHAIN_ID,
      address,
      type: 'checkout.succeeded',
      status: 'success',
      tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      asset: 'USDC',
      amount: '25',
    })
    expect(paid.html).toContain(String(succeeded?.body.tx_hash))
    const receipt = await client().getTransactionReceipt({ hash: succeeded?.body.tx_hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    // MoonPay's scheme: t=<seconds>,s=hex HMAC-SHA256(secret, `${t}.${body}`).
    const [, t, s] = /^t=(\d+),s=([0-9a-f]{64})$/.exec(succeeded?.signature ?? '') ?? []
    expect(s).toBe(createHmac('sha256', SECRET).update(`${t}.${succeeded?.raw}`).digest('hex'))
  })

  it('pays the amount the user chose in the native coin, once per link', async () => {
    const address = freshAddress()
    const token = checkoutToken({ sid: 'fund_native', address, asset: 'USDC', amount: '25' })
    const paid = await payThroughForm(token, {
      amount: '.5',
      asset: 'native',
      card_number: '4242-4242-4242-4242',
    })
    expect(paid.html).toContain(`Sent 0.5 ETH to ${address}`)
    expect(await client().getBalance({ address })).toBe(parseEther('0.5'))
    const again = await postCheckout(token, {
      amount: '.5',
      asset: 'native',
      card_number: '4242424242424242',
    })
    expect(again.status).toBe(409)
    expect(again.html).toContain('This checkout is already paid.')
    expect(await client().getBalance({ address })).toBe(parseEther('0.5'))
  })

  it('declines any other card with a clear message, reports the failure and pays nothing', async () => {
    const address = freshAddress()
    const token = checkoutToken({ sid: 'fund_declined', address, asset: 'native', amount: '1' })
    const declined = await payThroughForm(token, {
      amount: '1',
      asset: 'native',
      card_number: '4000 0000 0000 0002',
    })
    expect(declined.status).toBe(402)
    expect(declined.html).toContain(
      'Your card was declined. The sandbox accepts only the test card 4242 4242 4242 4242. Start a new purchase in the wallet to try again.',
    )
    expect(webhooksFor('fund_declined').map((webhook) => webhook.body.status)).toEqual(['failure'])
    expect(await client().getBalance({ address })).toBe(0n)
  })

  it('asks again for an amount it cannot pay, without reporting anything', async () => {
    const address = freshAddress()
    const token = checkoutToken({ sid: 'fund_too_much', address, asset: 'native', amount: '1' })
    const tooMuch = await payThroughForm(token, {
      amount: '11',
      asset: 'native',
      card_number: '4242424242424242',
    })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.html).toContain(
      '<p id="checkout-error" class="error" role="alert">The sandbox pays at most 10 ETH or 10000 USDC at a time.</p>',
    )
    expect(tooMuch.html).toContain('aria-invalid="true" aria-describedby="amount-hint checkout-error"')
    const tooPrecise = await payThroughForm(token, {
      amount: '0.0000001',
      asset: 'USDC',
      card_number: '4242424242424242',
    })
    expect(tooPrecise.html).toContain('Enter an amount such as 0.5, with at most 6 decimals.')
    expect(webhooksFor('fund_too_much')).toEqual([])
  })

  it('refuses a forged, altered or expired link', async () => {
    const address = freshAddress()
    const forged = checkoutToken(
      { sid: 'fund_forged', address, asset: 'native', amount: '1' },
      'not-the-shared-secret',
    )
    const expired = checkoutToken({
      sid: 'fund_expired',
      address,
      asset: 'native',
      amount: '1',
      expiresIn: -1,
    })
    const genuine = checkoutToken({ sid: 'fund_altered', address, asset: 'native', amount: '1' })
    const [payload, mac] = genuine.split('.')
    const other = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
    const altered = `${Buffer.from(JSON.stringify({ ...other, address: freshAddress() })).toString('base64url')}.${mac}`
    for (const token of [forged, expired, altered]) {
      const response = await fetch(`${sandbox.url}/checkout?session=${token}`)
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('This checkout link is not valid or has expired.')
    }
    const posted = await postCheckout(altered, {
      amount: '1',
      asset: 'native',
      card_number: '4242424242424242',
    })
    expect(posted.status).toBe(400)
    expect(webhooks.filter((webhook) => webhook.body.session_id === 'fund_altered')).toEqual([])
  })

  it('pays USDC and SOL to a Solana address on the local cluster, reporting the signature', async () => {
    const { address: to } = await generateKeyPairSigner()
    const solana = createSolanaRpc(cluster.rpcUrl)
    const usdc = checkoutToken({
      sid: 'fund_sol_usdc',
      address: to,
      caip2: SOLANA_DEVNET,
      asset: 'USDC',
      amount: '7.5',
    })
    const page = await (await fetch(`${sandbox.url}/checkout?session=${usdc}`)).text()
    expect(page).toContain(`Paying to <code>${to}</code> on Solana (local cluster) (chain ${SOLANA_DEVNET}).`)
    expect(page).toContain('<option value="native">SOL (native coin)</option>')
    const paid = await payThroughForm(usdc, {
      amount: '7.5',
      asset: 'USDC',
      card_number: '4242 4242 4242 4242',
    })
    expect(paid.status, paid.html).toBe(200)
    expect(paid.html).toContain(`Sent 7.5 USDC to ${to} on Solana (local cluster).`)
    const accounts = await solana
      .getTokenAccountsByOwner(
        to,
        { mint: solanaAddress(DEVCHAIN_SOLANA_USDC_MINT) },
        { encoding: 'jsonParsed' },
      )
      .send()
    expect(accounts.value[0]?.account.data.parsed.info.tokenAmount.amount).toBe('7500000')
    const succeeded = webhooksFor('fund_sol_usdc').find((webhook) => webhook.body.status === 'success')
    expect(succeeded?.body).toMatchObject({ caip2: SOLANA_DEVNET, address: to, asset: 'USDC', amount: '7.5' })
    expect(succeeded?.body).not.toHaveProperty('chain_id')
    const [status] = (await solana.getSignatureStatuses([signature(String(succeeded?.body.tx_hash))]).send())
      .value
    expect(status?.err).toBeNull()

    // SOL has 9 decimals: 0.000000001 is one lamport; a tenth of that is refused.
    const sol = checkoutToken({
      sid: 'fund_sol_native',
      address: to,
      caip2: SOLANA_DEVNET,
      asset: 'native',
      amount: '1',
    })
    const tooFine = await payThroughForm(sol, {
      amount: '0.0000000001',
      asset: 'native',
      card_number: '4242 4242 4242 4242',
    })
    expect(tooFine.html).toContain('with at most 9 decimals')
    const lamports = await payThroughForm(sol, {
      amount: '1.000000001',
      asset: 'native',
      card_number: '4242 4242 4242 4242',
    })
    expect(lamports.status, lamports.html).toBe(200)
    expect((await solana.getBalance(to).send()).value).toBe(1_000_000_001n)
  })

  it('refuses a checkout for a Solana cluster it does not serve', async () => {
    const { address: to } = await generateKeyPairSigner()
    const mainnet = checkoutToken({
      sid: 'fund_sol_mainnet',
      address: to,
      caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      asset: 'USDC',
      amount: '1',
    })
    const response = await fetch(`${sandbox.url}/checkout?session=${mainnet}`)
    expect(response.status).toBe(400)
    expect(await response.text()).toContain(
      'The sandbox does not pay on chain solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp.',
    )
    // An EVM address is no Solana recipient: the link is not valid.
    const evm = checkoutToken({
      sid: 'fund_sol_evm',
      address: freshAddress(),
      caip2: SOLANA_DEVNET,
      asset: 'USDC',
      amount: '1',
    })
    expect((await fetch(`${sandbox.url}/checkout?session=${evm}`)).status).toBe(400)
  })
})
