// Starts the loopback WalletConnect relay on its own and prints its URL:
//   npx tsx apps/devnet/src/relay/runRelay.ts [port]
// (RELAY_PORT works too; with neither, any free port.) Ctrl-C stops it.
import { createRelay } from './createRelay'

const requested = process.argv[2] ?? process.env.RELAY_PORT ?? '0'
const port = Number(requested)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Not a port: ${requested}`)
  process.exit(1)
}

const relay = await createRelay({ port })
console.log(relay.url)

function stop(): void {
  relay.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
