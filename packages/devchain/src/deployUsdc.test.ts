import { LOCAL_BASE_CHAIN_ID, LOCAL_CHAIN_ID, LOCAL_USDC_ADDRESS } from '@satchel/core'
import { createPublicClient, http, parseEther, parseEventLogs } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  DEVCHAIN_DEPLOYER_ADDRESS,
  DEVCHAIN_DEPLOYER_PRIVATE_KEY,
  DEVCHAIN_TREASURY_ADDRESS,
  DEVCHAIN_TREASURY_PRIVATE_KEY,
} from './accounts'
import { satchelUsd } from './artifacts'
import { createDevchainClients } from './createDevchainClients'
import { deployUsdc } from './deployUsdc'
import { UsdcDeployError } from './errors'
import { fundAccount } from './fundAccount'
import { type StartAnvilReturnType, startAnvil } from './startAnvil'

const usdc = { address: LOCAL_USDC_ADDRESS, abi: satchelUsd.abi } as const
let ethereum: StartAnvilReturnType
let base: StartAnvilReturnType

beforeAll(async () => {
  ;[ethereum, base] = await Promise.all([
    startAnvil({ chainId: LOCAL_CHAIN_ID }),
    startAnvil({ chainId: LOCAL_BASE_CHAIN_ID }),
  ])
  await Promise.all(
    [ethereum, base].map((chain) => deployUsdc({ rpcUrl: chain.rpcUrl, chainId: chain.chainId })),
  )
})
afterAll(async () => {
  await Promise.all([ethereum?.stop(), base?.stop()])
})

function clientsFor(chain: StartAnvilReturnType, privateKey: `0x${string}`) {
  const account = privateKeyToAccount(privateKey)
  return { account, ...createDevchainClients({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, account }) }
}

describe('deployUsdc', () => {
  test('USDC lands at LOCAL_USDC_ADDRESS on both chains, with its name, symbol and 6 decimals', async () => {
    for (const chain of [ethereum, base]) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      expect(await client.readContract({ ...usdc, functionName: 'name' })).toBe('USD Coin (Satchel devnet)')
      expect(await client.readContract({ ...usdc, functionName: 'symbol' })).toBe('USDC')
      expect(await client.readContract({ ...usdc, functionName: 'decimals' })).toBe(6)
      expect(await client.readContract({ ...usdc, functionName: 'owner' })).toBe(DEVCHAIN_DEPLOYER_ADDRESS)
    }
  })

  test('the treasury holds 1,000,000,000 USDC, the whole supply', async () => {
    const client = createPublicClient({ transport: http(base.rpcUrl) })
    const balance = await client.readContract({
      ...usdc,
      functionName: 'balanceOf',
      args: [DEVCHAIN_TREASURY_ADDRESS],
    })
    expect(balance).toBe(1_000_000_000_000_000n)
    expect(await client.readContract({ ...usdc, functionName: 'totalSupply' })).toBe(balance)
  })

  test('a second call sends nothing', async () => {
    const client = createPublicClient({ transport: http(ethereum.rpcUrl) })
    const nonce = await client.getTransactionCount({ address: DEVCHAIN_DEPLOYER_ADDRESS })
    const result = await deployUsdc({ rpcUrl: ethereum.rpcUrl, chainId: LOCAL_CHAIN_ID })
    expect(result).toEqual({ address: LOCAL_USDC_ADDRESS, deployed: false, transactionHashes: [] })
    expect(await client.getTransactionCount({ address: DEVCHAIN_DEPLOYER_ADDRESS })).toBe(nonce)
  })

  test('only the deployer can mint', async () => {
    const { publicClient, walletClient, account } = clientsFor(ethereum, DEVCHAIN_TREASURY_PRIVATE_KEY)
    await expect(
      publicClient.simulateContract({ ...usdc, account, functionName: 'mint', args: [account.address, 1n] }),
    ).rejects.toThrow('SatchelUSD: caller is not the owner')
    // Sent anyway (gas given, so no estimate stops it), the transaction is mined as a revert.
    const hash = await walletClient.writeContract({
      ...usdc,
      functionName: 'mint',
      args: [account.address, 1n],
      gas: 100_000n,
    })
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('reverted')

    const owner = clientsFor(ethereum, DEVCHAIN_DEPLOYER_PRIVATE_KEY)
    const supplyBefore = await publicClient.readContract({ ...usdc, functionName: 'totalSupply' })
    const mintHash = await owner.walletClient.writeContract({
      ...usdc,
      functionName: 'mint',
      args: [account.address, 5n],
    })
    await publicClient.waitForTransactionReceipt({ hash: mintHash })
    expect(await publicClient.readContract({ ...usdc, functionName: 'totalSupply' })).toBe(supplyBefore + 5n)
  })

  test('refuses when account 0 has already spent nonce 0 on something else', async () => {
    const chain = await startAnvil({ chainId: LOCAL_CHAIN_ID })
    try {
      const { walletClient, publicClient } = clientsFor(chain, DEVCHAIN_DEPLOYER_PRIVATE_KEY)
      const hash = await walletClient.sendTransaction({ to: DEVCHAIN_TREASURY_ADDRESS, value: 1n })
      await publicClient.waitForTransactionReceipt({ hash })
      const error = await deployUsdc({ rpcUrl: chain.rpcUrl, chainId: LOCAL_CHAIN_ID }).catch(
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(UsdcDeployError)
      expect(String(error)).toMatchInlineSnapshot(`
        "UsdcDeployError: USDC cannot be deployed at 0x5FbDB2315678afecb367f032d93F642f64180aa3 on chain 31337

        Details: Anvil account 0 (0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266) has already sent 1 transaction(s); the token must be its first. Start from a fresh chain or state file."
      `)
    } finally {
      await chain.stop()
    }
  })
})

describe('SatchelUSD behaves as an ERC-20', () => {
  test('transfer moves tokens, emits Transfer, and refuses more than the balance', async () => {
    const holder = clientsFor(base, generatePrivateKey())
    await fundAccount({
      rpcUrl: base.rpcUrl,
      chainId: LOCAL_BASE_CHAIN_ID,
      to: holder.account.address,
      asset: 'native',
      amount: parseEther('1'),
    })
    await fundAccount({
      rpcUrl: base.rpcUrl,
      chainId: LOCAL_BASE_CHAIN_ID,
      to: holder.account.address,
      asset: 'USDC',
      amount: 10_000_000n,
    })
    const friend = privateKeyToAccount(generatePrivateKey()).address

    const hash = await holder.walletClient.writeContract({
      ...usdc,
      functionName: 'transfer',
      args: [friend, 4_000_000n],
    })
    const receipt = await holder.publicClient.waitForTransactionReceipt({ hash })
    const [transfer] = parseEventLogs({ abi: satchelUsd.abi, logs: receipt.logs, eventName: 'Transfer' })
    expect(transfer?.args).toEqual({ from: holder.account.address, to: friend, value: 4_000_000n })
    const balanceOf = (address: `0x${string}`) =>
      holder.publicClient.readContract({ ...usdc, functionName: 'balanceOf', args: [address] })
    expect(await balanceOf(holder.account.address)).toBe(6_000_000n)
    expect(await balanceOf(friend)).toBe(4_000_000n)

    await expect(
      holder.publicClient.simulateContract({
        ...usdc,
        account: holder.account,
        functionName: 'transfer',
        args: [friend, 6_000_001n],
      }),
    ).rejects.toThrow('ERC20: transfer amount exceeds balance')
  })

  test('approve sets an allowance that transferFrom spends, and no more', async () => {
    const holder = clientsFor(base, generatePrivateKey())
    const spender = clientsFor(base, generatePrivateKey())
    const fund = (to: `0x${string}`, asset: 'native' | 'USDC', amount: bigint) =>
      fundAccount({ rpcUrl: base.rpcUrl, chainId: LOCAL_BASE_CHAIN_ID, to, asset, amount })
    await Promise.all([
      fund(holder.account.address, 'native', parseEther('1')),
      fund(spender.account.address, 'native', parseEther('1')),
      fund(holder.account.address, 'USDC', 10_000_000n),
    ])
    const approveHash = await holder.walletClient.writeContract({
      ...usdc,
      functionName: 'approve',
      args: [spender.account.address, 3_000_000n],
    })
    const approval = await holder.publicClient.waitForTransactionReceipt({
      hash: approveHash,
      pollingInterval: 50,
    })
    const [event] = parseEventLogs({ abi: satchelUsd.abi, logs: approval.logs, eventName: 'Approval' })
    expect(event?.args).toEqual({
      owner: holder.account.address,
      spender: spender.account.address,
      value: 3_000_000n,
    })
    const allowance = () =>
      holder.publicClient.readContract({
        ...usdc,
        functionName: 'allowance',
        args: [holder.account.address, spender.account.address],
      })
    expect(await allowance()).toBe(3_000_000n)

    const pullHash = await spender.walletClient.writeContract({
      ...usdc,
      functionName: 'transferFrom',
      args: [holder.account.address, spender.account.address, 2_000_000n],
    })
    await spender.publicClient.waitForTransactionReceipt({ hash: pullHash })
    expect(await allowance()).toBe(1_000_000n)
    expect(
      await spender.publicClient.readContract({
        ...usdc,
        functionName: 'balanceOf',
        args: [spender.account.address],
      }),
    ).toBe(2_000_000n)

    await expect(
      spender.publicClient.simulateContract({
        ...usdc,
        account: spender.account,
        functionName: 'transferFrom',
        args: [holder.account.address, spender.account.address, 1_000_001n],
      }),
    ).rejects.toThrow('ERC20: transfer amount exceeds allowance')
  })
})
