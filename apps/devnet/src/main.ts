// `npm start`: the whole product on embedded defaults, with no network.
import { startDevnet } from './startDevnet'

const devnet = await startDevnet({ dataDir: process.env.SATCHEL_DATA_DIR ?? '.satchel' }).catch(
  (error: unknown) => {
    console.error(`Satchel devnet could not start: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)

let stopping = false
const shutdown = async () => {
  if (stopping) return
  stopping = true
  console.log('\nStopping Satchel devnet...')
  await devnet.stop()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
