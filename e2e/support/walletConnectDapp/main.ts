// The journeys' test dApp: a real @walletconnect/sign-client in a page, talking to the devnet's
// loopback relay (its URL in `?relay=`). It shows the pairing link, the connected account, and the
// signature it receives, for the journey to read; it can also ask for a transaction (to itself, of 0).
import { SignClient } from '@walletconnect/sign-client'
import { setUpSolana } from './solana'

const chain = 'eip155:31337'
const TEST_MESSAGE = 'Hello from the test dApp'
// The devnet's USDC-like token (core's LOCAL_USDC_ADDRESS) and a spender with no code, as a drainer uses.
const LOCAL_USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPENDER = '0x000000000000000000000000000000000000dEaD'

const element = (id: string) => {
  const found = document.getElementById(id)
  if (!found) throw new Error(`#${id} is missing`)
  return found
}
const setStatus = (text: string) => {
  element('status').textContent = text
}
const enable = (ids: Record<'connect' | 'sign' | 'send' | 'disconnect', boolean>) => {
  for (const [id, on] of Object.entries(ids)) element(id).toggleAttribute('disabled', !on)
  // A permit can be asked for whenever a message can be signed.
  element('permit').toggleAttribute('disabled', !ids.sign)
  element('approve').toggleAttribute('disabled', !ids.send)
}
const toHex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

async function main() {
  const relayUrl = new URLSearchParams(location.search).get('relay')
  if (!relayUrl) throw new Error('Open this page with ?relay=ws://…')
  const client = await SignClient.init({
    projectId: 'e2e-dapp',
    relayUrl,
    customStoragePrefix: 'e2e-dapp',
    telemetryEnabled: false,
    metadata: { name: 'Test dApp', description: 'The journeys’ test dApp', url: location.origin, icons: [] },
  })
  let topic: string | undefined
  let account: string | undefined
  client.on('session_delete', () => {
    topic = undefined
    setStatus('Disconnected')
    enable({ connect: true, sign: false, send: false, disconnect: false })
  })
  enable({ connect: true, sign: false, send: false, disconnect: false })
  setUpSolana(client, { element, setStatus })
  setStatus('Ready')

  element('connect').addEventListener('click', async () => {
    enable({ connect: false, sign: false, send: false, disconnect: false })
    try {
      const { uri, approval } = await client.connect({
        optionalNamespaces: {
          eip155: {
            chains: [chain],
            methods: ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4'],
            events: ['accountsChanged', 'chainChanged'],
          },
        },
      })
      element('uri').textContent = uri ?? ''
      setStatus('Waiting for the wallet')
      const session = await approval()
      topic = session.topic
      account = session.namespaces.eip155?.accounts[0]?.split(':')[2]
      setStatus(`Connected: ${account} (${session.peer.metadata.name})`)
      enable({ connect: false, sign: true, send: true, disconnect: true })
    } catch (error) {
      setStatus(`Not connected: ${error instanceof Error ? error.message : String(error)}`)
      enable({ connect: true, sign: false, send: false, disconnect: false })
    }
  })

  element('sign').addEventListener('click', async () => {
    if (!topic || !account) return
    setStatus('Waiting for the signature')
    try {
      const signature = await client.request<string>({
        topic,
        chainId: chain,
        request: { method: 'personal_sign', params: [toHex(TEST_MESSAGE), account] },
      })
      element('signature').textContent = signature
      setStatus('Signed')
    } catch (error) {
      const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : ''
      setStatus(`Refused (${code}): ${error instanceof Error ? error.message : String(error)}`)
    }
  })

  element('send').addEventListener('click', async () => {
    if (!topic || !account) return
    setStatus('Waiting for the transaction')
    try {
      const hash = await client.request<string>({
        topic,
        chainId: chain,
        request: { method: 'eth_sendTransaction', params: [{ from: account, to: account, value: '0x0' }] },
      })
      setStatus(`Sent: ${hash}`)
    } catch (error) {
      const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : ''
      setStatus(`Refused (${code}): ${error instanceof Error ? error.message : String(error)}`)
    }
  })

  // An EIP-2612 permit for an unlimited USDC allowance (2^256 - 1), as drainer sites ask for.
  element('permit').addEventListener('click', async () => {
    if (!topic || !account) return
    setStatus('Waiting for the permit')
    const typedData = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      domain: { name: 'USD Coin', version: '2', chainId: 31337, verifyingContract: LOCAL_USDC },
      message: {
        owner: account,
        spender: SPENDER,
        value: (2n ** 256n - 1n).toString(),
        nonce: 0,
        deadline: 4102444800,
      },
    }
    try {
      const signature = await client.request<string>({
        topic,
        chainId: chain,
        request: { method: 'eth_signTypedData_v4', params: [account, JSON.stringify(typedData)] },
      })
      element('signature').textContent = signature
      setStatus('Signed')
    } catch (error) {
      const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : ''
      setStatus(`Refused (${code}): ${error instanceof Error ? error.message : String(error)}`)
    }
  })

  // ERC-20 approve(SPENDER, 2^256 - 1) on USDC: the same allowance as a transaction.
  element('approve').addEventListener('click', async () => {
    if (!topic || !account) return
    setStatus('Waiting for the transaction')
    const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')
    const data = `0x095ea7b3${word(SPENDER)}${'f'.repeat(64)}`
    try {
      const hash = await client.request<string>({
        topic,
        chainId: chain,
        request: {
          method: 'eth_sendTransaction',
          params: [{ from: account, to: LOCAL_USDC, value: '0x0', data }],
        },
      })
      setStatus(`Sent: ${hash}`)
    } catch (error) {
      const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : ''
      setStatus(`Refused (${code}): ${error instanceof Error ? error.message : String(error)}`)
    }
  })

  element('disconnect').addEventListener('click', async () => {
    if (!topic) return
    await client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
    topic = undefined
    setStatus('Disconnected')
    enable({ connect: true, sign: false, send: false, disconnect: false })
  })
}

main().catch((error: unknown) => setStatus(`Failed to start: ${String(error)}`))
