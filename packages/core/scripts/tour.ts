// `npm start` until the server and the wallet land: a short tour of what @satchel/core knows.
import QRCode from 'qrcode'
import {
  buildCoinbaseOnrampUrl,
  buildMoonpayUrl,
  chains,
  formatAddress,
  formatWei,
  getOnrampSupport,
  getUsdcAddress,
  parsePhone,
  signMoonpayUrl,
} from '../src/index'

const address = '0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae'
const quiet = () => {}

console.log(`Satchel core: ${chains.length} EVM chains\n`)
for (const chain of chains) {
  const usdc = getUsdcAddress(chain.id)
  console.log(
    `  ${String(chain.id).padStart(10)}  ${chain.name.padEnd(24)} ${chain.testnet ? 'testnet' : 'mainnet'}  USDC ${usdc ? formatAddress(usdc) : '-'}`,
  )
}

console.log(
  `\nAddress ${address} shows as ${formatAddress(address)}; 1234567890000000000 wei as ${formatWei(1234567890000000000n)} ETH`,
)
const phone = parsePhone('(415) 555-2671')
console.log(`Phone "(415) 555-2671" parses to ${phone.e164} (+${phone.callingCode}, ${phone.countryCode})`)

const support = getOnrampSupport({ provider: 'moonpay', chainId: 10, asset: 'native', onWarning: quiet })
console.log(
  `\nMoonPay for native on Optimism: ${support.supported ? 'supported' : 'unsupported'} on chain ${support.chainId}: ${support.warnings.join('; ')}`,
)
console.log('Coinbase Onramp URL:')
console.log(
  `  ${buildCoinbaseOnrampUrl({ appId: 'app_demo', sessionToken: 'demo-session', partnerUserId: 'user-1', amount: '.5', network: 'base', asset: 'USDC' })}`,
)
const moonpay = buildMoonpayUrl({
  environment: 'sandbox',
  config: { baseUrl: 'https://buy-sandbox.moonpay.com', publishableKey: 'pk_test_key' },
  currencyCode: 'eth',
  walletAddress: address,
})
console.log(`MoonPay sandbox URL (signed):\n  ${signMoonpayUrl(moonpay, 'sk_test_key')}`)

console.log('\nScan to receive on the local devnet:')
console.log(await QRCode.toString(`ethereum:${address}@31337`, { type: 'terminal', small: true }))
