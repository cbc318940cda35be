import { LOCAL_CHAIN_ID, LOCAL_USDC_ADDRESS } from '@satchel/core'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { satchelUsd } from './artifacts'
import { deployUsdc } from './deployUsdc'
import { FundAccountError } from './errors'
import { fundAccount } from './fundAccount'
import { type StartAnvilReturnType, startAnvil } from './startAnvil'

let chain: StartAnvilReturnType
let bare: StartAnvilReturnType

beforeAll(async () => {
  ;[chain, bare] = await Promise.all([
    startAnvil({ chainId: LOCAL_CHAIN_ID }),
    startAnvil({ chainId: LOCAL_CHAIN_ID }),
  ])
  await deployUsdc({ rpcUrl: chain.rpcUrl, chainId: LOCAL_CHAIN_ID })
})
afterAll(async () => {
  await Promise.all([chain?.stop(), bare?.stop()])
})

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const usdcBalance = (address: `0x${string}`) =>
  createPublicClient({ transport: http(chain.rpcUrl) }).readContract({
    address: LOCAL_USDC_ADDRESS,
    abi: satchelUsd.abi,
    functionName: 'balanceOf',
    args: [address],
  })

describe('fundAccount', () => {
  test('sends native coin and USDC from the treasury to a fresh address', async () => {
    const to = freshAddress()
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const native = await fundAccount({
      rpcUrl: chain.rpcUrl,
      chainId: LOCAL_CHAIN_ID,
      to,
      asset: 'native',
      amount: parseEther('0.5'),
    })
    const token = await fundAccount({
      rpcUrl: chain.rpcUrl,
      chainId: LOCAL_CHAIN_ID,
      to,
      asset: 'USDC',
      amount: 25_000_000n,
    })
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.5'))
    expect(await usdcBalance(to)).toBe(25_000_000n)
    // Both are mined by the time the hash is returned.
    for (const hash of [native, token]) {
      expect((await client.getTransactionReceipt({ hash })).status).toBe('success')
    }
  })

  test('fundings requested at the same moment all arrive', async () => {
    const recipients = Array.from({ length: 6 }, freshAddress)
    await Promise.all(
      recipients.flatMap((to) => [
        fundAccount({ rpcUrl: chain.rpcUrl, chainId: LOCAL_CHAIN_ID, to, asset: 'USDC', amount: 1_000_000n }),
        fundAccount({ rpcUrl: chain.rpcUrl, chainId: LOCAL_CHAIN_ID, to, asset: 'native', amount: 1_000n }),
      ]),
    )
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    for (const to of recipients) {
      expect(await usdcBalance(to)).toBe(1_000_000n)
      expect(await client.getBalance({ address: to })).toBe(1_000n)
    }
  })

  test('refuses USDC on a chain where it is not deployed, instead of sending a call that moves nothing', async () => {
    const error = await fundAccount({
      rpcUrl: bare.rpcUrl,
      chainId: LOCAL_CHAIN_ID,
      to: freshAddress(),
      asset: 'USDC',
      amount: 1n,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FundAccountError)
    expect(String(error)).toMatchInlineSnapshot(`
      "FundAccountError: USDC is not deployed on chain 31337

      Details: No contract at 0x5FbDB2315678afecb367f032d93F642f64180aa3; run deployUsdc first."
    `)
  })

  test('refuses a bad recipient or amount, and more than the treasury holds', async () => {
    const base = { rpcUrl: chain.rpcUrl, chainId: LOCAL_CHAIN_ID, asset: 'USDC' } as const
    await expect(fundAccount({ ...base, to: '0x1234', amount: 1n })).rejects.toThrow(
      'Invalid recipient address: 0x1234',
    )
    await expect(fundAccount({ ...base, to: freshAddress(), amount: 0n })).rejects.toThrow(
      'Invalid amount: 0 (must be above zero)',
    )
    const error = await fundAccount({ ...base, to: freshAddress(), amount: 10n ** 30n }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(FundAccountError)
    expect(String(error)).toContain('ERC20: transfer amount exceeds balance')
  })
})
