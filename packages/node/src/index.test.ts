import { expect, it } from 'vitest'
import * as node from './index'

// A change to the public surface shows up here in review.
it('exports the public API', () => {
  expect(Object.keys(node).sort()).toMatchInlineSnapshot(`
    [
      "ApiError",
      "BaseError",
      "NetworkError",
      "createAppSecret",
      "createPolicy",
      "createSatchelNode",
      "createSignerKey",
      "createUser",
      "createWallet",
      "createWebhookEndpoint",
      "deleteAppSecret",
      "deletePolicy",
      "deleteUser",
      "deleteWebhookEndpoint",
      "exportUsers",
      "getAppSettings",
      "getDailyAnalytics",
      "getPolicy",
      "getUser",
      "getWallet",
      "getWalletTransaction",
      "listAppSecrets",
      "listAuditEntries",
      "listPolicies",
      "listUserSessions",
      "listUsers",
      "listWallets",
      "listWebhookDeliveries",
      "listWebhookEndpoints",
      "lookupUser",
      "replayWebhookDelivery",
      "restoreUser",
      "revokeUserSessions",
      "rotateWebhookSecret",
      "sendTestWebhook",
      "sendWalletRpc",
      "setWalletPolicies",
      "updateAppSettings",
      "updatePolicy",
      "verifyAccessToken",
      "verifyIdentityToken",
      "verifyWebhook",
    ]
  `)
})
