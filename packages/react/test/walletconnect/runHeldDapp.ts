// Run by holdWalletConnectDapp.test.ts in a child Node process (node --import tsx): a dApp held the way
// useWalletConnect holds it, connected to a wallet through the relay given as argv[2], then released.
// The process is never told to exit: it ends by itself only if nothing of WalletConnect is left
// running (the relay socket, the SDK's 5 s heartbeat, any other timer).
import { randomUUID } from 'node:crypto'
import { createWalletConnectDapp } from '../../src/walletconnect/dapp/createWalletConnectDapp'
import { holdWalletConnectDapp } from '../../src/walletconnect/dapp/holdWalletConnectDapp'

const relayUrl = process.argv[2]
if (!relayUrl) throw new Error('usage: runHeldDapp.ts ws://127.0.0.1:PORT')
const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`)

const dapp = createWalletConnectDapp({
  projectId: 'test',
  relayUrl,
  chains: [31337],
  storagePrefix: `held-${randomUUID()}`,
  storage: 'memory',
})
const release = holdWalletConnectDapp(dapp)
const connected = dapp.connect()
const stop = dapp.subscribe(() => {
  const state = dapp.getState()
  if (state.status === 'waiting') say({ uri: state.uri })
})
const session = await connected
stop()
say({ connected: session.accounts[0] })
release()
say({ released: true })
