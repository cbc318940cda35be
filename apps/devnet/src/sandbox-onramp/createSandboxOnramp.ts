import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getChain } from '@satchel/core'
import { fundAccount, fundSolanaAccount } from '@satchel/devchain'
import { type Address, formatUnits, parseUnits } from 'viem'
import { readCheckoutToken, type SandboxCheckout } from './readCheckoutToken'
import { renderCheckoutPage, renderResultPage, SANDBOX_TEST_CARD } from './renderCheckoutPage'
import { SANDBOX_SIGNATURE_HEADER, signSandboxWebhook } from './signSandboxWebhook'

/** Where `npm start` runs the sandbox; the API's SANDBOX_ONRAMP_URL defaults to this port in development. */
export const DEFAULT_SANDBOX_ONRAMP_PORT = 8791

/** The most one checkout pays, so a typo cannot drain the treasury: 10 native coins or 10,000 USDC. */
export const SANDBOX_MAX_AMOUNTS = { native: '10', USDC: '10000' } as const

const DECIMALS = { native: 18, USDC: 6 } as const
// On Solana the native coin is SOL, 9 decimals (lamports).
const SOLANA_DECIMALS = { native: 9, USDC: 6 } as const
const TEST_CARD_DIGITS = SANDBOX_TEST_CARD.replaceAll(' ', '')
const MAX_BODY_BYTES = 16 * 1024
const WEBHOOK_ATTEMPTS = 3

export type CreateSandboxOnrampParameters = {
  /** Port on `host`; 0 or undefined lets the OS pick one (read it back from `url`). */
  port?: number | undefined
  host?: string | undefined
  /** The Satchel API base URL; webhooks go to `${apiUrl}/api/v1/funding/webhooks/sandbox`. */
  apiUrl: string
  /** Shared with the API (SANDBOX_ONRAMP_WEBHOOK_SECRET): checks checkout links, signs webhooks. */
  webhookSecret: string
  /** The local chains it pays on, each from the devchain treasury. */
  chains: ReadonlyArray<{ chainId: number; rpcUrl: string }>
  /** The local Solana cluster it pays SOL and USDC on (from the Solana treasury), by its CAIP-2 id. */
  solana?: { caip2: string; rpcUrl: string } | undefined
  now?: (() => number) | undefined
  log?: ((line: string) => void) | undefined
}

export type CreateSandboxOnrampReturnType = { url: string; close(): Promise<void> }

type Outcome = 'paying' | 'paid' | 'declined' | 'failed'
type Page = { status: number; html: string }

/**
 * The devnet's card onramp. `GET /checkout?session=...` shows a form (amount, asset, card number);
 * `POST /checkout` with the test card pays the amount of native coin or USDC from the devchain
 * treasury to the wallet on the local anvil chain (or SOL or USDC on the local Solana cluster), then sends the API a signed webhook (success with
 * the transaction hash, or failure) and shows what happened. Any other card is declined. Each
 * checkout link pays at most once.
 *
 * @example
 * const sandbox = await createSandboxOnramp({
 *   port: DEFAULT_SANDBOX_ONRAMP_PORT,
 *   apiUrl: 'http://127.0.0.1:8787',
 *   webhookSecret,
 *   chains: [{ chainId: LOCAL_CHAIN_ID, rpcUrl: 'http://127.0.0.1:8545' }],
 * })
 */
export async function createSandboxOnramp(
  parameters: CreateSandboxOnrampParameters,
): Promise<CreateSandboxOnrampReturnType> {
  const { apiUrl, webhookSecret, chains } = parameters
  const now = parameters.now ?? Date.now
  const log = parameters.log ?? ((line: string) => console.warn(line))
  // One outcome per session: a double-submitted form or a reused link never pays twice, and a
  // declined checkout stays declined (the API has already been told it failed).
  const outcomes = new Map<string, Outcome>()

  const notify = async (checkout: SandboxCheckout, event: Record<string, unknown>) => {
    const body = JSON.stringify({
      session_id: checkout.sessionId,
      ...(checkout.chainId === null ? { caip2: checkout.caip2 } : { chain_id: checkout.chainId }),
      address: checkout.address,
      ...event,
    })
    for (let attempt = 1; attempt <= WEBHOOK_ATTEMPTS; attempt++) {
      try {
        const response = await fetch(new URL('/api/v1/funding/webhooks/sandbox', apiUrl), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(body, webhookSecret, now()),
          },
          body,
        })
        if (response.ok) return
        log(`sandbox onramp: the API refused the webhook (HTTP ${response.status})`)
        if (response.status < 500) return
      } catch (error) {
        log(
          `sandbox onramp: the API could not be reached (${error instanceof Error ? error.message : error})`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt))
    }
  }

  const describeChain = (chainId: number | null) => {
    if (chainId === null) return { chainName: 'Solana (local cluster)', nativeSymbol: 'SOL' }
    try {
      const chain = getChain(chainId)
      return { chainName: chain.name, nativeSymbol: chain.nativeCurrency.symbol }
    } catch {
      return { chainName: `chain ${chainId}`, nativeSymbol: 'ETH' }
    }
  }

  const open = (token: string | null): { checkout: SandboxCheckout; rpcUrl: string } | Page => {
    const checkout = readCheckoutToken(token, webhookSecret, now())
    if (!checkout)
      return page(
        400,
        'Checkout link not valid',
        'This checkout link is not valid or has expired. Start again from the wallet.',
      )
    const chain =
      checkout.chainId === null
        ? parameters.solana?.caip2 === checkout.caip2
          ? parameters.solana
          : undefined
        : chains.find((entry) => entry.chainId === checkout.chainId)
    if (!chain)
      return page(
        400,
        'Chain not served',
        `The sandbox does not pay on chain ${checkout.chainId ?? checkout.caip2}.`,
      )
    const outcome = outcomes.get(checkout.sessionId)
    if (outcome) return page(409, 'Checkout closed', closedMessage(outcome))
    return { checkout, rpcUrl: chain.rpcUrl }
  }

  const pay = async (form: URLSearchParams): Promise<Page> => {
    const token = form.get('session')
    const opened = open(token)
    if ('html' in opened) return opened
    const { checkout, rpcUrl } = opened
    const names = describeChain(checkout.chainId)
    const decimals = checkout.chainId === null ? SOLANA_DECIMALS : DECIMALS
    const amountText = (form.get('amount') ?? '').trim()
    const assetText = form.get('asset') ?? ''
    const again = (field: 'amount' | 'asset' | 'card_number', message: string): Page => ({
      status: 400,
      html: renderCheckoutPage({
        checkout,
        token: token ?? '',
        ...names,
        values: { amount: amountText, asset: assetText },
        error: { field, message },
      }),
    })
    if (assetText !== 'native' && assetText !== 'USDC')
      return again('asset', 'Choose the native coin or USDC.')
    const asset = assetText
    const amount = readAmount(amountText, decimals[asset])
    if (amount === undefined)
      return again('amount', `Enter an amount such as 0.5, with at most ${decimals[asset]} decimals.`)
    if (amount === 0n) return again('amount', 'Enter an amount above zero.')
    if (amount > parseUnits(SANDBOX_MAX_AMOUNTS[asset], decimals[asset]))
      return again(
        'amount',
        `The sandbox pays at most ${SANDBOX_MAX_AMOUNTS.native} ${names.nativeSymbol} or ${SANDBOX_MAX_AMOUNTS.USDC} USDC at a time.`,
      )
    const card = (form.get('card_number') ?? '').replaceAll(/[\s-]/g, '')
    if (card === '') return again('card_number', 'Enter a card number.')
    const shown = `${formatUnits(amount, decimals[asset])} ${asset === 'USDC' ? 'USDC' : names.nativeSymbol}`
    const facts = { asset, amount: formatUnits(amount, decimals[asset]) }

    if (card !== TEST_CARD_DIGITS) {
      outcomes.set(checkout.sessionId, 'declined')
      await notify(checkout, {
        type: 'checkout.declined',
        status: 'failure',
        reason: 'card_declined',
        ...facts,
      })
      return page(
        402,
        'Card declined',
        `Your card was declined. The sandbox accepts only the test card ${SANDBOX_TEST_CARD}. Start a new purchase in the wallet to try again.`,
      )
    }

    outcomes.set(checkout.sessionId, 'paying')
    await notify(checkout, { type: 'checkout.processing', status: 'processing', ...facts })
    let txHash: string
    try {
      txHash =
        checkout.chainId === null
          ? await fundSolanaAccount({ rpcUrl, to: checkout.address, asset, amount })
          : await fundAccount({
              rpcUrl,
              chainId: checkout.chainId,
              to: checkout.address as Address,
              asset,
              amount,
            })
    } catch (error) {
      outcomes.set(checkout.sessionId, 'failed')
      await notify(checkout, {
        type: 'checkout.failed',
        status: 'failure',
        reason: 'payment_failed',
        ...facts,
      })
      const reason = error instanceof Error ? error.message : 'unknown error'
      return page(502, 'Payment failed', `The payment could not be sent on ${names.chainName}: ${reason}`)
    }
    outcomes.set(checkout.sessionId, 'paid')
    await notify(checkout, { type: 'checkout.succeeded', status: 'success', tx_hash: txHash, ...facts })
    return page(
      200,
      'Payment complete',
      `Sent ${shown} to ${checkout.address} on ${names.chainName}.`,
      txHash,
    )
  }

  const handle = async (request: IncomingMessage): Promise<Page> => {
    const url = new URL(request.url ?? '/', 'http://sandbox.local')
    if (url.pathname === '/checkout' && request.method === 'GET') {
      const token = url.searchParams.get('session')
      const opened = open(token)
      if ('html' in opened) return opened
      const html = renderCheckoutPage({
        checkout: opened.checkout,
        token: token ?? '',
        ...describeChain(opened.checkout.chainId),
      })
      return { status: 200, html }
    }
    if (url.pathname === '/checkout' && request.method === 'POST') {
      const body = await readBody(request)
      if (body === undefined) return page(413, 'Too large', 'The form was too large.')
      return pay(new URLSearchParams(body))
    }
    if (url.pathname === '/' && request.method === 'GET')
      return page(
        200,
        'Sandbox onramp',
        'Open a checkout from the wallet: Add funds, then the sandbox provider.',
      )
    return page(404, 'Not found', 'There is nothing here.')
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    handle(request).then(
      (answer) => send(response, answer),
      (error: unknown) => {
        log(`sandbox onramp: ${error instanceof Error ? error.message : String(error)}`)
        send(response, page(500, 'Something went wrong', 'The sandbox could not handle this request.'))
      },
    )
  })
  const host = parameters.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(parameters.port ?? 0, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function page(status: number, title: string, message: string, txHash?: string): Page {
  return { status, html: renderResultPage({ title, message, txHash }) }
}

function closedMessage(outcome: Outcome): string {
  switch (outcome) {
    case 'paying':
      return 'This checkout is being paid. Return to the wallet to see the funds arrive.'
    case 'paid':
      return 'This checkout is already paid. Return to the wallet to see the funds.'
    case 'declined':
    case 'failed':
      return 'This checkout has ended without payment. Start a new purchase in the wallet to try again.'
  }
}

// Plain decimals only ("0.5", ".5", "25"), never more fractional digits than the asset has.
function readAmount(text: string, decimals: number): bigint | undefined {
  const match = /^(\d*)(?:\.(\d+))?$/.exec(text)
  if (!match || text === '' || text === '.' || (match[2]?.length ?? 0) > decimals) return undefined
  return parseUnits(text.startsWith('.') ? `0${text}` : text, decimals)
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    // Past the limit the rest is read and dropped, so the answer can still be sent.
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
    })
    request.on('end', () =>
      resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')),
    )
    request.on('error', reject)
  })
}

function send(response: ServerResponse, answer: Page): void {
  response.writeHead(answer.status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // No scripts at all; the form posts only back to this server.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    'referrer-policy': 'no-referrer',
  })
  response.end(answer.html)
}
