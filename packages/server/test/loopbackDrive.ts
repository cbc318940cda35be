// A loopback stand-in of the three Google Drive v3 calls recovery makes, for tests: multipart upload
// into `appDataFolder`, listing that folder by name, and reading a file's content. Every call must
// carry a bearer token that the (loopback) OpenID provider's userinfo endpoint accepts; files belong
// to the account (`sub`) the token was issued for, so another Google account sees none of them.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

type DriveFile = { id: string; name: string; owner: string; content: string; createdAt: number }

export type LoopbackDrive = {
  url: string
  /** Every file stored, as the stand-in holds it (for assertions). */
  files(): ReadonlyArray<DriveFile>
  stop(): Promise<void>
}

export async function startLoopbackDrive({ userinfoUrl }: { userinfoUrl: string }): Promise<LoopbackDrive> {
  const files: DriveFile[] = []
  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: { message: 'stand-in failed' } }))
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const owner = await authenticate(req.headers.authorization)
    if (!owner) return send(res, 401, { error: { code: 401, message: 'Invalid Credentials' } })
    const url = new URL(req.url ?? '/', 'http://drive.test')

    if (req.method === 'POST' && url.pathname === '/upload/drive/v3/files') {
      if (url.searchParams.get('uploadType') !== 'multipart')
        return send(res, 400, { error: { message: 'uploadType' } })
      const boundary = /boundary=([^;]+)/.exec(req.headers['content-type'] ?? '')?.[1]
      if (!boundary) return send(res, 400, { error: { message: 'not multipart' } })
      const parts = (await readBody(req))
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => part.slice(part.indexOf('\r\n\r\n') + 4).replace(/\r\n$/, ''))
      const [metadataText, content] = parts
      const metadata = JSON.parse(metadataText ?? '{}')
      if (JSON.stringify(metadata.parents) !== '["appDataFolder"]' || content === undefined)
        return send(res, 400, { error: { message: 'only appDataFolder uploads are supported' } })
      const file = {
        id: randomBytes(8).toString('hex'),
        name: String(metadata.name),
        owner,
        content,
        createdAt: files.length,
      }
      files.push(file)
      return send(res, 200, { id: file.id, name: file.name })
    }

    if (req.method === 'GET' && url.pathname === '/drive/v3/files') {
      if (url.searchParams.get('spaces') !== 'appDataFolder')
        return send(res, 400, { error: { message: 'spaces' } })
      const name = /^name = '([^']+)'$/.exec(url.searchParams.get('q') ?? '')?.[1]
      const found = files
        .filter((file) => file.owner === owner && (name === undefined || file.name === name))
        .sort((a, b) => b.createdAt - a.createdAt)
      return send(res, 200, { files: found.map((file) => ({ id: file.id })) })
    }

    const media = /^\/drive\/v3\/files\/([\w-]+)$/.exec(url.pathname)
    if (req.method === 'GET' && media && url.searchParams.get('alt') === 'media') {
      const file = files.find((candidate) => candidate.id === media[1] && candidate.owner === owner)
      if (!file) return send(res, 404, { error: { message: 'File not found' } })
      res.writeHead(200, { 'content-type': 'application/json' }).end(file.content)
      return
    }
    return send(res, 404, { error: { message: 'Not found' } })
  }

  /** The account a bearer token belongs to, asked of the provider (as Google checks its own tokens). */
  async function authenticate(header: string | undefined): Promise<string | undefined> {
    if (!header?.startsWith('Bearer ')) return undefined
    const response = await fetch(userinfoUrl, { headers: { authorization: header } })
    if (response.status !== 200) return undefined
    const { sub } = await response.json()
    return typeof sub === 'string' ? sub : undefined
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    files: () => files,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
  return Buffer.concat(chunks).toString('utf8')
}
