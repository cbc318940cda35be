import { expect, test } from 'vitest'
import * as devchain from './index'

test('the public surface of @satchel/devchain', () => {
  expect(Object.keys(devchain).sort()).toMatchInlineSnapshot(`
    [
      "ANVIL_READY_TIMEOUT_MS",
      "AnvilStartError",
      "DEFAULT_ANVIL_MNEMONIC",
      "DEVCHAIN_DEPLOYER_ADDRESS",
      "DEVCHAIN_DEPLOYER_PRIVATE_KEY",
      "DEVCHAIN_TREASURY_ADDRESS",
      "DEVCHAIN_TREASURY_PRIVATE_KEY",
      "DEVCHAIN_TREASURY_USDC_AMOUNT",
      "FundAccountError",
      "UsdcDeployError",
      "deployUsdc",
      "fundAccount",
      "getAnvilBinaryPath",
      "satchelUsd",
      "startAnvil",
    ]
  `)
})
