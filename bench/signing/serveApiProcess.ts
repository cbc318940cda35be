import { buildApp } from '../../packages/server/src/buildApp'
import { loadConfig } from '../../packages/server/src/platform/config/loadConfig'

/**
 * The API server process of a benchmark (`--serve`, started by {@link startApiProcess}): configured
 * from the environment, as in production. It writes `{port}` once listening; `cpu` on stdin answers
 * `{cpu}`, this process's CPU time so far (µs), the server's own cost per request. Closing its stdin
 * stops it cleanly (pools closed, audit flushed, CPU profile written).
 *
 * @example
 * if (process.argv.includes('--serve')) await serveApiProcess()
 */
export async function serveApiProcess(): Promise<void> {
  const server = await buildApp(loadConfig(process.env), { logger: false })
  await server.listen({ host: '127.0.0.1', port: 0 })
  const address = server.server.address()
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  )
  process.stdin.setEncoding('utf8')
  process.stdin.on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) {
      if (line !== 'cpu') continue
      const usage = process.cpuUsage()
      process.stdout.write(`${JSON.stringify({ cpu: usage.user + usage.system })}\n`)
    }
  })
  process.stdin.once('end', () => {
    void server.close().finally(() => process.exit(0))
  })
}
