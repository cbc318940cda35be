import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, { type Account, errors, type FindAccountToken } from 'oidc-provider'

/** A person who can sign in at the loopback provider. */
export type LoopbackOidcAccount = {
  sub: string
  email?: string
  name?: string
  preferredUsername?: string
  /**
   * The provider lets a suspended person sign in at its own page but refuses to issue tokens: the
   * token endpoint answers `{"error": "account_suspended"}` (as X refuses a suspended account at the API
   * rather than at its login page). Satchel maps that answer to `oauth_account_suspended`.
   */
  suspended?: boolean
}

/** An OAuth client registered at the provider (a Satchel app's provider settings use the same values). */
export type LoopbackOidcClient = {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post'
}

export type StartLoopbackOidcProviderParameters = {
  accounts: LoopbackOidcAccount[]
  clients: LoopbackOidcClient[]
}

export type StartLoopbackOidcProviderReturnType = {
  /** `http://127.0.0.1:<port>`: discovery is at `<issuer>/.well-known/openid-configuration`. */
  issuer: string
  stop(): Promise<void>
}

/**
 * A real OpenID provider (`oidc-provider`) on 127.0.0.1 for tests and the devnet: discovery, JWKS,
 * authorization with PKCE required, token, userinfo, and `form_post` responses. Its interactions are a
 * tiny HTTP form API a test drives like a browser:
 * - `GET /interaction/:uid` -> `{uid, prompt: 'login' | 'consent', client_id, scope}`
 * - `POST /interaction/:uid/login` with form `login=<sub>` signs that account in
 * - `POST /interaction/:uid/confirm` grants the requested scopes
 * - `POST /interaction/:uid/abort` denies: the client is sent back `error=access_denied`
 *
 * @example
 * const idp = await startLoopbackOidcProvider({
 *   accounts: [{ sub: 'ada', email: 'ada@example.com' }],
 *   clients: [{ clientId: 'satchel', clientSecret: 's3cret', redirectUris: ['http://localhost:5173/cb'] }],
 * })
 * await idp.stop()
 */
export async function startLoopbackOidcProvider(
  parameters: StartLoopbackOidcProviderParameters,
): Promise<StartLoopbackOidcProviderReturnType> {
  const accounts = new Map(parameters.accounts.map((account) => [account.sub, account]))
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end()
  const server = createServer((req, res) => handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'loopback-1', alg: 'RS256', use: 'sig' }

  const provider = new Provider(issuer, {
    clients: parameters.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: client.tokenEndpointAuthMethod ?? 'client_secret_basic',
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: ['loopback-oidc-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    // Even confidential clients must use PKCE (S256 is the only method oidc-provider 9 accepts).
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    // Explicit lifetimes (seconds) keep oidc-provider from warning about its defaults on every use.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string, token?: FindAccountToken): Account | undefined => {
      const account = accounts.get(sub)
      if (!account) return undefined
      if (account.suspended && token?.kind === 'AuthorizationCode')
        throw new errors.CustomOIDCProviderError('account_suspended', 'This account is suspended')
      return {
        accountId: sub,
        claims: () => ({
          sub,
          ...(account.email ? { email: account.email, email_verified: true } : {}),
          ...(account.name ? { name: account.name } : {}),
          ...(account.preferredUsername ? { preferred_username: account.preferredUsername } : {}),
        }),
      }
    },
  })
  const providerHandler = provider.callback()

  handle = (req, res) => {
    const match = req.url?.match(/^\/interaction\/([\w-]+)(?:\/(login|confirm|abort))?$/)
    if (!match) return providerHandler(req, res)
    handleInteraction(provider, accounts, req, res, match[2]).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 400, { error: error instanceof Error ? error.message : 'interaction failed' })
    })
  }

  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

async function handleInteraction(
  provider: Provider,
  accounts: ReadonlyMap<string, LoopbackOidcAccount>,
  req: IncomingMessage,
  res: ServerResponse,
  action: string | undefined,
): Promise<void> {
  const interaction = await provider.interactionDetails(req, res)
  if (action === undefined && req.method === 'GET') {
    return sendJson(res, 200, {
      uid: interaction.uid,
      prompt: interaction.prompt.name,
      client_id: interaction.params.client_id,
      scope: interaction.params.scope,
    })
  }
  if (req.method !== 'POST') return sendJson(res, 405, { error: 'method not allowed' })
  if (action === 'abort') {
    return provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    )
  }
  if (action === 'login') {
    const login = new URLSearchParams(await readBody(req)).get('login') ?? ''
    if (interaction.prompt.name !== 'login' || !accounts.has(login))
      return sendJson(res, 400, { error: 'unknown account' })
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: login } },
      { mergeWithLastSubmission: false },
    )
  }
  // confirm: grant whatever the consent prompt says is missing.
  const accountId = interaction.session?.accountId
  const clientId = interaction.params.client_id
  if (interaction.prompt.name !== 'consent' || !accountId || typeof clientId !== 'string')
    return sendJson(res, 400, { error: 'nothing to consent to' })
  const grant =
    (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
    new provider.Grant({ accountId, clientId })
  const { details } = interaction.prompt
  if (Array.isArray(details.missingOIDCScope)) grant.addOIDCScope(details.missingOIDCScope.join(' '))
  if (Array.isArray(details.missingOIDCClaims))
    grant.addOIDCClaims(details.missingOIDCClaims.filter((claim) => typeof claim === 'string'))
  const grantId = await grant.save()
  return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
  return Buffer.concat(chunks).toString('utf8')
}
