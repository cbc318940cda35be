// oidc-provider ships no types; these cover only what the loopback test provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type AccountClaims = { sub: string; [claim: string]: unknown }
  export type Account = {
    accountId: string
    claims(use: string, scope: string): AccountClaims | Promise<AccountClaims>
  }
  /** The token (authorization code, access token, ...) the account is looked up for, when there is one. */
  export type FindAccountToken = { kind: string }
  export type FindAccount = (
    ctx: unknown,
    sub: string,
    token?: FindAccountToken,
  ) => Promise<Account | undefined> | Account | undefined

  export type Interaction = {
    uid: string
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> }
    params: Record<string, unknown>
    session?: { accountId?: string }
    grantId?: string
    returnTo: string
  }

  export type GrantInstance = {
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    addResourceScope(indicator: string, scope: string): void
    save(): Promise<string>
  }

  export type GrantClass = {
    new (init: { accountId: string; clientId: string }): GrantInstance
    find(id: string): Promise<GrantInstance | undefined>
  }

  export type Configuration = { findAccount?: FindAccount; [option: string]: unknown }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration)
    Grant: GrantClass
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    on(event: string, listener: (...args: unknown[]) => void): this
  }

  export const errors: {
    CustomOIDCProviderError: new (error: string, description?: string) => Error
  }
}
