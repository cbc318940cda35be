import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/buildApp'
import { startTestServer, type TestServer } from './harness'
import { createTestDatabase } from './support/testDatabase'
import { createTestKv } from './support/testKv'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t.close())

describe('one guard per route, enforced in one place', () => {
  it('every route declares who may call it (a changed guard shows here in review)', () => {
    const table = t.server.satchelRouteGuards.map(({ method, url, guard }) => `${method} ${url}  ${guard}`)
    expect(table).toMatchInlineSnapshot(`
      [
        "OPTIONS *  none",
        "GET /healthz  none",
        "GET /readyz  none",
        "GET /metrics  metrics",
        "GET /api/v1/openapi.json  none",
        "POST /api/v1/wallets/:wallet_id/rpc  wallet",
        "PATCH /api/v1/wallets/:wallet_id  user+signed+stepup",
        "POST /api/v1/wallets/revoke  user+signed+stepup",
        "GET /api/v1/wallets/:wallet_id/transactions/:hash  user | app",
        "GET /api/v1/wallets/:wallet_id/transactions  user",
        "POST /api/v1/scan/transaction  user | app",
        "POST /api/v1/wallets  user | app",
        "GET /api/v1/wallets  user | app",
        "GET /api/v1/wallets/:wallet_id  user | app",
        "GET /api/v1/apps/:app_id  none",
        "GET /api/v1/apps/:app_id/jwks.json  none",
        "POST /api/v1/sessions/logout_all  user+signed+stepup",
        "POST /api/v1/sessions  refresh",
        "POST /api/v1/sessions/logout  refresh",
        "GET /api/v1/sessions  user",
        "GET /api/v1/users/me  user",
        "POST /api/v1/users/me/accept_terms  user",
        "POST /api/v1/passwordless/init  public",
        "POST /api/v1/passwordless/authenticate  public",
        "POST /api/v1/passwordless/link  user+signed+stepup",
        "POST /api/v1/passwordless/unlink  user+signed+stepup, fresh login",
        "POST /api/v1/passwordless/reauthenticate  user+signed",
        "POST /api/v1/passwordless_sms/init  public",
        "POST /api/v1/passwordless_sms/authenticate  public",
        "POST /api/v1/passwordless_sms/link  user+signed+stepup",
        "POST /api/v1/passwordless_sms/unlink  user+signed+stepup, fresh login",
        "POST /api/v1/passwordless_sms/reauthenticate  user+signed",
        "POST /api/v1/guest/authenticate  public",
        "POST /api/v1/custom_jwt_account/authenticate  public",
        "POST /api/v1/analytics_events  public",
        "GET /api/v1/dev/outbox  dev",
        "POST /api/v1/mfa/totp/init  user+signed+stepup",
        "POST /api/v1/mfa/totp/enroll  user+signed+stepup",
        "POST /api/v1/mfa/totp/verify  user",
        "POST /api/v1/mfa/totp/unenroll  user+signed+stepup",
        "POST /api/v1/mfa/passwordless_sms/init  user+signed",
        "POST /api/v1/mfa/passwordless_sms/enroll  user+signed+stepup",
        "POST /api/v1/mfa/passwordless_sms/verify  user",
        "POST /api/v1/mfa/passwordless_sms/unenroll  user+signed+stepup",
        "POST /api/v1/mfa/backup_codes  user+signed+stepup",
        "GET /api/v1/mfa/backup_codes  user",
        "POST /api/v1/mfa/backup_codes/verify  user",
        "POST /api/v1/siwe/init  public",
        "POST /api/v1/siwe/authenticate  public",
        "POST /api/v1/siwe/link  user+signed+stepup",
        "POST /api/v1/siwe/unlink  user+signed+stepup, fresh login",
        "POST /api/v1/siwe/reauthenticate  user+signed",
        "POST /api/v1/siws/init  public",
        "POST /api/v1/siws/authenticate  public",
        "POST /api/v1/siws/link  user+signed+stepup",
        "POST /api/v1/siws/unlink  user+signed+stepup, fresh login",
        "POST /api/v1/siws/reauthenticate  user+signed",
        "POST /api/v1/oauth/init  public",
        "POST /api/v1/oauth/callback  none",
        "POST /api/v1/oauth/authenticate  public",
        "POST /api/v1/oauth/link  user+signed+stepup",
        "POST /api/v1/oauth/unlink  user+signed+stepup, fresh login",
        "POST /api/v1/oauth/reauthenticate  user+signed",
        "POST /api/v1/telegram/authenticate  public",
        "POST /api/v1/telegram/link  user+signed+stepup",
        "POST /api/v1/telegram/unlink  user+signed+stepup, fresh login",
        "POST /api/v1/telegram/reauthenticate  user+signed",
        "POST /api/v1/passkeys/register/init  public",
        "POST /api/v1/passkeys/register  public",
        "POST /api/v1/passkeys/link/init  user+signed+stepup",
        "POST /api/v1/passkeys/authenticate/init  public",
        "POST /api/v1/passkeys/reauthenticate/init  user+signed",
        "POST /api/v1/passkeys/authenticate  public",
        "POST /api/v1/passkeys/link  user+signed+stepup",
        "POST /api/v1/passkeys/unlink  user+signed+stepup, fresh login",
        "POST /api/v1/passkeys/reauthenticate  user+signed",
        "POST /api/v1/mfa/passkeys/init  user",
        "POST /api/v1/mfa/passkeys/verify  user",
        "POST /api/v1/mfa/passkeys/enroll  user+signed+stepup",
        "POST /api/v1/mfa/passkeys/unenroll  user+signed+stepup",
        "POST /api/v1/farcaster/init  public",
        "GET /api/v1/farcaster/status  public",
        "POST /api/v1/farcaster/authenticate  public",
        "POST /api/v1/farcaster/link  user+signed+stepup",
        "POST /api/v1/farcaster/unlink  user+signed+stepup, fresh login",
        "POST /api/v1/farcaster/reauthenticate  user+signed",
        "PATCH /api/v1/wallets/:wallet_id/policies  user+signed+stepup | app",
        "POST /api/v1/policies  user+signed+stepup | app",
        "GET /api/v1/policies  user | app",
        "GET /api/v1/policies/:policy_id  user | app",
        "PATCH /api/v1/policies/:policy_id  user+signed+stepup | app",
        "DELETE /api/v1/policies/:policy_id  user+signed+stepup | app",
        "POST /api/v1/wallets/:wallet_id/export  user+signed+stepup, fresh login",
        "POST /api/v1/recovery/oauth/init  user+signed+stepup, fresh login when isFirstRecoveryLock",
        "POST /api/v1/recovery/oauth/authenticate  user+signed",
        "GET /api/v1/recovery  user",
        "POST /api/v1/recovery/passcode  user+signed+stepup, fresh login when isFirstRecoveryLock",
        "POST /api/v1/recovery/unlock  user",
        "DELETE /api/v1/recovery  user+signed+stepup",
        "GET /api/v1/funding/options  public",
        "POST /api/v1/funding/coinbase_on_ramp/init  user",
        "GET /api/v1/funding/coinbase_on_ramp/status  user",
        "POST /api/v1/plugins/moonpay_on_ramp/sign  user",
        "GET /api/v1/funding/moonpay/status  user",
        "POST /api/v1/funding/sandbox/init  user",
        "GET /api/v1/funding/sandbox/status  user",
        "POST /api/v1/funding/webhooks/:provider  webhook",
        "GET /api/v1/apps/secrets  app",
        "POST /api/v1/apps/secrets  app",
        "DELETE /api/v1/apps/secrets/:secret_id  app",
        "POST /api/v1/webhooks/endpoints  app",
        "GET /api/v1/webhooks/endpoints  app",
        "GET /api/v1/webhooks/endpoints/:endpoint_id  app",
        "PATCH /api/v1/webhooks/endpoints/:endpoint_id  app",
        "DELETE /api/v1/webhooks/endpoints/:endpoint_id  app",
        "POST /api/v1/webhooks/endpoints/:endpoint_id/rotate_secret  app",
        "GET /api/v1/webhooks/endpoints/:endpoint_id/deliveries  app",
        "POST /api/v1/webhooks/deliveries/:delivery_id/replay  app",
        "POST /api/v1/webhooks/endpoints/:endpoint_id/test  app",
        "GET /api/v1/apps/settings  app",
        "PATCH /api/v1/apps/settings  app",
        "GET /api/v1/users  app",
        "GET /api/v1/users/lookup  app",
        "GET /api/v1/users/export  app",
        "GET /api/v1/users/:user_id  app",
        "POST /api/v1/users  app",
        "DELETE /api/v1/users/:user_id  app",
        "POST /api/v1/users/:user_id/restore  app",
        "GET /api/v1/users/:user_id/sessions  app",
        "DELETE /api/v1/users/:user_id/sessions/:session_id  app",
        "DELETE /api/v1/users/:user_id/sessions  app",
        "GET /api/v1/audit  app",
        "GET /api/v1/analytics/daily  app",
        "GET /api/v1/console/apps  console",
        "POST /api/v1/console/apps  console",
        "GET /api/v1/console/me  console",
        "GET /api/v1/console/operators  console",
        "POST /api/v1/console/operators  console",
        "DELETE /api/v1/console/operators/:operator_id  console",
      ]
    `)
  })

  it('a route without a guard stops buildApp, naming the route', async () => {
    const database = await createTestDatabase()
    const kv = await createTestKv()
    try {
      await expect(
        buildApp(t.server.satchel.config, {
          db: database.db,
          kv,
          logger: false,
          extraRoutes: [
            () => async (app) => {
              app.post('/api/v1/forgotten', async () => ({}))
            },
          ],
        }),
      ).rejects.toThrow(/POST \/api\/v1\/forgotten declares no known guard/)
    } finally {
      await kv.close()
      await database.drop()
    }
  })
})
