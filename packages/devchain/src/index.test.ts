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
      "DEVCHAIN_SOLANA_TREASURY_ADDRESS",
      "DEVCHAIN_SOLANA_TREASURY_LAMPORTS",
      "DEVCHAIN_SOLANA_TREASURY_SEED",
      "DEVCHAIN_SOLANA_TREASURY_USDC_AMOUNT",
      "DEVCHAIN_SOLANA_USDC_DECIMALS",
      "DEVCHAIN_SOLANA_USDC_MINT",
      "DEVCHAIN_TREASURY_ADDRESS",
      "DEVCHAIN_TREASURY_PRIVATE_KEY",
      "DEVCHAIN_TREASURY_USDC_AMOUNT",
      "FundAccountError",
      "FundSolanaAccountError",
      "SOLANA_DEVNET_GENESIS_HASH",
      "SolanaClusterStartError",
      "UsdcDeployError",
      "deployUsdc",
      "fundAccount",
      "fundSolanaAccount",
      "getAnvilBinaryPath",
      "satchelUsd",
      "startAnvil",
      "startSolanaCluster",
    ]
  `)
})
