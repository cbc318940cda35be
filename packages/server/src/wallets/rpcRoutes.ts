import { createHash } from 'node:crypto'
import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../identity/context'
import { requireSigningMfa } from '../identity/guards/requireSigningMfa'
import { claimRequestOnce } from '../identity/signedRequests/signedRequest'
import type { AuditBatcher, AuditIntent } from '../platform/audit/createAuditBatcher'
import type { NonceManager } from './chains/createNonceManager'
import type { ReceiptFollower } from './chains/createReceiptFollower'
import { evaluatePolicies } from './policies/evaluatePolicies'
import { readWalletRequest } from './readWalletRequest'
import { type EthereumRpcBody, handleEthereumRpc, type WalletRpcResult } from './rpc/handleEthereumRpc'
import { handleSolanaRpc } from './rpc/handleSolanaRpc'
import type { BeforeBroadcast } from './rpc/recordOutgoingTransaction'
import { methodsByChainType, type WalletRpcBody, walletRpcBodySchema } from './rpc/rpcSchemas'
import { type AnswerBinding, withIdempotency } from './withIdempotency'

const rpcResultSchema = z.object({ method: z.string(), data: z.record(z.string(), z.string()) })

const walletIdParams = z.object({ wallet_id: z.string().min(1).max(100) })

/**
 * `POST /api/v1/wallets/:wallet_id/rpc`: sign or send with an embedded wallet. Authorisation runs
 * before the body is even validated (the route's `wallet` guard): the access token (or an app secret
 * for a delegated signer), the wallet's owner, the expiry and the P-256 authorization signature. Then,
 * in order: the idempotency store (a retry gets the first answer), the replay guard, MFA when the
 * app asks for it, the policies, and only then the vault. Every request that got past the caller
 * check is audited with its outcome and a hash of its answer, never its content: a signature is
 * answered only once its entry is stored; a send stores its intent before the broadcast and its
 * outcome after, in the background, so nothing after the broadcast can turn it into an error.
 */
export function walletRpcRoutes(
  ctx: ServerContext,
  follower: ReceiptFollower,
  nonces: NonceManager,
  auditLog: AuditBatcher,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/wallets/:wallet_id/rpc',
      {
        schema: {
          tags: ['wallets'],
          summary: 'Sign or send with an embedded wallet (signed with the session key)',
          security: [{ bearer: [] }, { appSecret: [] }],
          params: walletIdParams,
          body: walletRpcBodySchema,
          response: { 200: rpcResultSchema },
        },
        // The `wallet` guard has authorized the request (token or app secret, the wallet's owner, the
        // expiry, the signature) before this hook: now the method must be one of the wallet's kind.
        config: { guard: 'wallet' },
        preValidation: (request, _reply, done) => {
          const body: unknown = request.body
          const method =
            typeof body === 'object' && body !== null && 'method' in body ? body.method : undefined
          const { wallet } = readWalletRequest(request)
          const known: readonly unknown[] = methodsByChainType[wallet.chainType]
          if (!known.includes(method)) {
            done(
              new ApiError('unsupported_method', {
                message: `Unsupported wallet method for a ${wallet.chainType} wallet`,
              }),
            )
            return
          }
          done()
        },
      },
      async (request) => {
        const authorized = readWalletRequest(request)
        const { wallet, actor } = authorized
        const body = request.body
        const audit = {
          appId: authorized.app.id,
          userId: wallet.userId,
          sessionId: actor.kind === 'user' ? actor.auth.sessionId : null,
          action: 'wallet.rpc',
        }
        const facts = {
          wallet_id: wallet.id,
          method: body.method,
          ...(body.caip2 !== undefined && { caip2: body.caip2 }),
          signer: actor.kind === 'user' ? 'session' : actor.signer.id,
        }
        let policy: Awaited<ReturnType<typeof evaluatePolicies>> | undefined
        // Set once a send's intent is stored: from then on the broadcast may have happened.
        const sending: { intent?: AuditIntent; binding?: AnswerBinding<WalletRpcResult> } = {}
        // Before anything leaves: the answer any retry with the same idempotency key gets from now on
        // (this transaction's hash, even if this attempt dies; bound with the send's record), then
        // the audit intent.
        const beforeBroadcast: BeforeBroadcast = {
          bind: async (sent, db) => {
            await sending.binding?.bind(
              { method: body.method, data: { hash: sent.hash, caip2: sent.caip2 } },
              db,
            )
          },
          intent: async (sent) => {
            try {
              sending.intent = await auditLog.begin({
                ...audit,
                details: {
                  ...facts,
                  transaction_hash: sent.hash,
                  ...(sent.nonce !== null && { nonce: sent.nonce }),
                },
              })
            } catch (error) {
              // Nothing leaves without its intent: a retry may run afresh.
              await sending.binding?.unbind().catch(() => {})
              throw error
            }
          },
        }
        let answer: { value: WalletRpcResult; replayed: boolean }
        try {
          answer = await withIdempotency(
            ctx,
            {
              scope: wallet.id,
              key: authorized.idempotencyKey,
              body,
              parse: (stored) => rpcResultSchema.parse(stored),
            },
            async (binding): Promise<WalletRpcResult> => {
              sending.binding = binding
              // The three checks are independent reads (and one write, the replay mark), so they run
              // together; their refusals are reported in a fixed order: replay, MFA, policy.
              const [replay, mfa, policies] = await Promise.allSettled([
                claimRequestOnce(ctx, authorized),
                (async () => {
                  if (actor.kind === 'user') await requireSigningMfa(ctx, request, authorized.app, actor.auth)
                })(),
                evaluatePolicies(ctx, {
                  walletId: wallet.id,
                  chainType: wallet.chainType,
                  method: body.method,
                  params: body.params,
                  caip2: body.caip2,
                  signer: actor.kind === 'signer' ? actor.signer : undefined,
                }),
              ])
              if (replay.status === 'rejected') throw replay.reason
              if (mfa.status === 'rejected') throw mfa.reason
              if (policies.status === 'rejected') throw policies.reason
              policy = policies.value
              const sessionId = actor.kind === 'user' ? actor.auth.sessionId : null
              return isEthereumBody(body)
                ? handleEthereumRpc(ctx, { wallet, sessionId, body, follower, nonces, beforeBroadcast })
                : handleSolanaRpc(ctx, { wallet, sessionId, body, beforeBroadcast })
            },
          )
        } catch (error) {
          const code = error instanceof ApiError ? error.code : 'internal_error'
          if (sending.intent) {
            sending.intent.complete('failure', { code })
          } else {
            const denied =
              code === 'policy_violation' || code === 'missing_or_invalid_mfa' || code === 'replayed_request'
            // A refusal is answered as it is, whether or not its entry could be stored.
            await auditLog
              .write({ ...audit, outcome: denied ? 'denied' : 'failure', details: { ...facts, code } })
              .catch((auditError: unknown) => ctx.log.error({ err: auditError }, 'audit entry lost'))
          }
          throw error
        }

        const { value, replayed } = answer
        const outcome = {
          ...facts,
          result_hash: createHash('sha256').update(JSON.stringify(value.data)).digest('hex'),
          ...(value.data.hash !== undefined && { transaction_hash: value.data.hash }),
          ...(replayed && { idempotent_replay: true }),
          ...(policy?.checked && { policy: { wallet: policy.wallet, signer: policy.signer } }),
        }
        if (sending.intent) {
          // The transaction has left: its answer never depends on the audit log again.
          sending.intent.complete('success', outcome)
        } else if (replayed) {
          // The first answer left, audited, when it was made.
          auditLog.record({ ...audit, outcome: 'success', details: outcome })
        } else {
          // A signature leaves only once its entry is stored.
          await auditLog.write({ ...audit, outcome: 'success', details: outcome }).catch((error: unknown) => {
            throw new ApiError('service_unavailable', {
              message: 'The audit log is unavailable; nothing was returned, try again',
              cause: error,
            })
          })
        }
        return value
      },
    )
  }
}

function isEthereumBody(body: WalletRpcBody): body is EthereumRpcBody {
  const methods: readonly string[] = methodsByChainType.ethereum
  return methods.includes(body.method)
}
