// Stand-ins for the parts the fault suite cannot run for real here: the chain's node (a JSON-RPC proxy
// to anvil that can drop answers) and the mail relay (an SMTP server that reads sign-in codes back).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { sleep } from './sleep'

export type RpcProxy = { url: string; server: Server; dropAfterAccepting: boolean }

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  const proxy: RpcProxy = { url: '', server: createServer(), dropAfterAccepting: false }
  proxy.server.on('request', (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      try {
        const answer = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        const text = await answer.text()
        if (proxy.dropAfterAccepting && body.includes('"eth_sendRawTransaction"'))
          return response.socket?.destroy()
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text)
      } catch {
        response.socket?.destroy()
      }
    })
  })
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
  proxy.url = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`
  return proxy
}

export type MailSink = {
  port: number
  server: SMTPServer
  codeFor(email: string): Promise<string | undefined>
}

export async function startMailSink(): Promise<MailSink> {
  const codes = new Map<string, string>()
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const code = /\b(\d{6}) is your\b/.exec(Buffer.concat(chunks).toString('utf8'))?.[1]
        for (const to of session.envelope.rcptTo) if (code) codes.set(to.address.toLowerCase(), code)
        callback()
      })
    },
  })
  // A sender killed mid-message resets its connection: that is the fault under test, not the relay's.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    server,
    async codeFor(email) {
      for (let i = 0; i < 100; i++) {
        const code = codes.get(email.toLowerCase())
        if (code) return code
        await sleep(100)
      }
      return undefined
    },
  }
}
