import type { SandboxCheckout } from './readCheckoutToken'

/** The card number that pays; every other number is declined. */
export const SANDBOX_TEST_CARD = '4242 4242 4242 4242'

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Satchel sandbox checkout</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 32rem; padding: 1.5rem; color: #111; }
  h1 { font-size: 1.4rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input, select { font: inherit; width: 100%; box-sizing: border-box; padding: 0.5rem; margin-top: 0.25rem; }
  button { font: inherit; font-weight: 600; margin-top: 1.5rem; padding: 0.6rem 1.2rem; }
  .hint { color: #444; font-size: 0.9rem; margin: 0.25rem 0 0; }
  .error { color: #a00; font-weight: 600; }
  .note { background: #fff7d6; padding: 0.5rem 0.75rem; border-radius: 0.4rem; }
  code { word-break: break-all; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`
}

export type RenderCheckoutPageParameters = {
  checkout: SandboxCheckout
  /** The `session` parameter, posted back with the form. */
  token: string
  chainName: string
  nativeSymbol: string
  /** What the user typed, when the form comes back with an error. */
  values?: { amount: string; asset: string }
  /** Shown above the form and announced (role="alert"). */
  error?: { field: 'amount' | 'asset' | 'card_number'; message: string }
}

/**
 * The checkout form: amount, asset and card number, each labelled, with the test card written out
 * and an error tied to its field (aria-invalid, aria-describedby) and announced.
 *
 * @example
 * renderCheckoutPage({ checkout, token, chainName: 'Satchel Devnet', nativeSymbol: 'ETH' })
 */
export function renderCheckoutPage(parameters: RenderCheckoutPageParameters): string {
  const { checkout, token, chainName, nativeSymbol, error } = parameters
  const amount = parameters.values?.amount ?? checkout.amount
  const asset = parameters.values?.asset ?? checkout.asset
  const invalid = (field: string) => (error?.field === field ? ' aria-invalid="true"' : '')
  const describedBy = (field: string, hint: string) =>
    ` aria-describedby="${hint}${error?.field === field ? ' checkout-error' : ''}"`
  return layout(
    'Pay',
    `<h1>Sandbox checkout</h1>
<p class="note">This is the devnet's test onramp: no card is charged. The coins come from the local chain's treasury.</p>
<p>Paying to <code>${escapeHtml(checkout.address)}</code> on ${escapeHtml(chainName)} (chain ${escapeHtml(String(checkout.chainId ?? checkout.caip2))}).</p>
${error ? `<p id="checkout-error" class="error" role="alert">${escapeHtml(error.message)}</p>` : ''}
<form method="post" action="/checkout">
<input type="hidden" name="session" value="${escapeHtml(token)}">
<label for="amount">Amount</label>
<input id="amount" name="amount" inputmode="decimal" autocomplete="off" required value="${escapeHtml(amount)}"${invalid('amount')}${describedBy('amount', 'amount-hint')}>
<p id="amount-hint" class="hint">In the asset's own units, for example 0.5 ${escapeHtml(nativeSymbol)} or 25 USDC.</p>
<label for="asset">Asset</label>
<select id="asset" name="asset"${invalid('asset')}${error?.field === 'asset' ? ' aria-describedby="checkout-error"' : ''}>
<option value="native"${asset === 'native' ? ' selected' : ''}>${escapeHtml(nativeSymbol)} (native coin)</option>
<option value="USDC"${asset === 'USDC' ? ' selected' : ''}>USDC</option>
</select>
<label for="card-number">Card number</label>
<input id="card-number" name="card_number" inputmode="numeric" autocomplete="cc-number" required${invalid('card_number')}${describedBy('card_number', 'card-hint')}>
<p id="card-hint" class="hint">Use the test card ${SANDBOX_TEST_CARD}. Any other number is declined.</p>
<button type="submit">Pay</button>
</form>`,
  )
}

/**
 * A page that ends a checkout (paid, declined, failed, expired), its message announced.
 *
 * @example
 * renderResultPage({ title: 'Payment complete', message: 'Sent 0.5 ETH to 0x...', txHash })
 */
export function renderResultPage(parameters: {
  title: string
  message: string
  txHash?: string | undefined
}): string {
  const { title, message, txHash } = parameters
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p role="status">${escapeHtml(message)}</p>
${txHash ? `<p>Transaction <code>${escapeHtml(txHash)}</code></p>` : ''}
<p>You can close this window and return to the wallet.</p>`,
  )
}
