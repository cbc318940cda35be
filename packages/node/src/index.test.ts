import { expect, it } from 'vitest'
import * as node from './index'

// A change to the public surface shows up here in review.
it('exports the public API', () => {
  expect(Object.keys(node).sort()).toMatchInlineSnapshot(`
    [
      "ApiError",
      "BaseError",
      "NetworkError",
      "createPolicy",
      "createSatchelNode",
      "createSignerKey",
      "createWallet",
      "deletePolicy",
      "getPolicy",
      "getWallet",
      "getWalletTransaction",
      "listPolicies",
      "listWallets",
      "sendWalletRpc",
      "setWalletPolicies",
      "updatePolicy",
      "verifyAccessToken",
      "verifyIdentityToken",
      "verifyWebhook",
    ]
  `)
})
