import { LOCAL_USDC_ADDRESS } from '@satchel/core'
import { type Address, type Hash, isAddressEqual } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  DEVCHAIN_DEPLOYER_PRIVATE_KEY,
  DEVCHAIN_TREASURY_ADDRESS,
  DEVCHAIN_TREASURY_USDC_AMOUNT,
} from './accounts'
import { satchelUsd } from './artifacts'
import { createDevchainClients } from './createDevchainClients'
import { UsdcDeployError } from './errors'

export type DeployUsdcParameters = {
  rpcUrl: string
  chainId: number
}

export type DeployUsdcReturnType = {
  /** Always `LOCAL_USDC_ADDRESS`. */
  address: Address
  /** False when the contract was already there (a chain reloaded from its state file). */
  deployed: boolean
  /** The deployment and the treasury mint, when `deployed`. */
  transactionHashes: Hash[]
}

export type DeployUsdcErrorType = UsdcDeployError

/**
 * Deploys the devnet's USDC (`SatchelUSD`, 6 decimals) from anvil account 0 as that account's first
 * transaction, so it lands at `LOCAL_USDC_ADDRESS` on every local chain, then mints
 * `DEVCHAIN_TREASURY_USDC_AMOUNT` to the treasury (anvil account 1). Safe to call on every start:
 * when the address already holds code, nothing is sent.
 *
 * @example
 * const chain = await startAnvil({ chainId: LOCAL_CHAIN_ID })
 * await deployUsdc({ rpcUrl: chain.rpcUrl, chainId: chain.chainId })
 */
export async function deployUsdc(parameters: DeployUsdcParameters): Promise<DeployUsdcReturnType> {
  const { rpcUrl, chainId } = parameters
  const deployer = privateKeyToAccount(DEVCHAIN_DEPLOYER_PRIVATE_KEY)
  const { publicClient, walletClient } = createDevchainClients({ rpcUrl, chainId, account: deployer })

  const existing = await publicClient.getCode({ address: LOCAL_USDC_ADDRESS })
  if (existing !== undefined && existing !== '0x') {
    return { address: LOCAL_USDC_ADDRESS, deployed: false, transactionHashes: [] }
  }

  // The address is derived from deployer and nonce alone; any earlier transaction from account 0
  // would put the token somewhere no Satchel package looks, so refuse rather than deploy elsewhere.
  const nonce = await publicClient.getTransactionCount({ address: deployer.address, blockTag: 'pending' })
  if (nonce !== 0) {
    throw new UsdcDeployError(`USDC cannot be deployed at ${LOCAL_USDC_ADDRESS} on chain ${chainId}`, {
      details: `Anvil account 0 (${deployer.address}) has already sent ${nonce} transaction(s); the token must be its first. Start from a fresh chain or state file.`,
    })
  }

  const deployHash = await walletClient.deployContract({
    abi: satchelUsd.abi,
    bytecode: satchelUsd.bytecode,
    nonce: 0,
  })
  const deployment = await publicClient.waitForTransactionReceipt({ hash: deployHash })
  if (
    deployment.status !== 'success' ||
    !deployment.contractAddress ||
    !isAddressEqual(deployment.contractAddress, LOCAL_USDC_ADDRESS)
  ) {
    throw new UsdcDeployError(`USDC deployment failed on chain ${chainId}`, {
      details: `Transaction ${deployHash}: status ${deployment.status}, contract ${deployment.contractAddress ?? 'none'}.`,
    })
  }

  const mintHash = await walletClient.writeContract({
    address: LOCAL_USDC_ADDRESS,
    abi: satchelUsd.abi,
    functionName: 'mint',
    args: [DEVCHAIN_TREASURY_ADDRESS, DEVCHAIN_TREASURY_USDC_AMOUNT],
  })
  const mint = await publicClient.waitForTransactionReceipt({ hash: mintHash })
  if (mint.status !== 'success') {
    throw new UsdcDeployError(`Minting the treasury's USDC failed on chain ${chainId}`, {
      details: `Transaction ${mintHash} reverted.`,
    })
  }
  return { address: LOCAL_USDC_ADDRESS, deployed: true, transactionHashes: [deployHash, mintHash] }
}
