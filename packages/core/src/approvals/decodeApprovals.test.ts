import { describe, expect, it } from 'vitest'
import {
  decodeApprovalCall,
  decodeTypedDataGrants,
  MAX_UINT256,
  UNLIMITED_ALLOWANCE_THRESHOLD,
} from './decodeApprovals'

const usdc = '0x036cbd53842c5426634e7929541ec2318f3dcf7e'
const owner = '0x1111111111111111111111111111111111111111'
const spender = '0x2222222222222222222222222222222222222222'
const permit2 = '0x000000000022d473030f116ddee9f6b43ac78ba3'
const word = (value: bigint | string) =>
  (typeof value === 'string' ? value.slice(2) : value.toString(16)).padStart(64, '0')

const permit = (value: unknown) => ({
  domain: { name: 'USD Coin', version: '2', chainId: 84532, verifyingContract: usdc },
  primaryType: 'Permit',
  types: {},
  message: { owner, spender, value, nonce: 0, deadline: 1_900_000_000 },
})

describe('decodeTypedDataGrants', () => {
  it('reads an unlimited EIP-2612 USDC permit (the 78-digit number) as unlimited, with its spender', () => {
    expect(decodeTypedDataGrants(JSON.stringify(permit(MAX_UINT256.toString())))).toEqual([
      {
        standard: 'EIP-2612 permit',
        token: usdc,
        spender,
        amount: MAX_UINT256,
        unlimited: true,
        expiresAt: 1_900_000_000,
      },
    ])
  })

  it('judges an allowance as the transaction scan does: 2^255 is unlimited, 25 USDC is not', () => {
    expect(decodeTypedDataGrants(permit((2n ** 255n).toString()))[0]?.unlimited).toBe(true)
    expect(decodeTypedDataGrants(permit(UNLIMITED_ALLOWANCE_THRESHOLD.toString()))[0]?.unlimited).toBe(true)
    expect(decodeTypedDataGrants(permit('25000000'))[0]).toMatchObject({
      amount: 25_000_000n,
      unlimited: false,
    })
  })

  it('reads an amount it cannot parse as unlimited, so a doubt is never shown as small', () => {
    expect(decodeTypedDataGrants(permit('lots'))[0]).toMatchObject({ amount: MAX_UINT256, unlimited: true })
  })

  it('reads Permit2 PermitSingle allowances and PermitTransferFrom transfers', () => {
    const single = {
      domain: { name: 'Permit2', chainId: 1, verifyingContract: permit2 },
      primaryType: 'PermitSingle',
      message: {
        details: {
          token: usdc,
          amount: '0xffffffffffffffffffffffffffffffffffffffff',
          expiration: 1_900_000_000,
          nonce: 0,
        },
        spender,
        sigDeadline: 1_900_000_000,
      },
    }
    expect(decodeTypedDataGrants(single)).toEqual([
      {
        standard: 'Permit2 allowance',
        token: usdc,
        spender,
        amount: 2n ** 160n - 1n,
        unlimited: true,
        expiresAt: 1_900_000_000,
      },
    ])
    const transfer = {
      domain: { name: 'Permit2', chainId: 1, verifyingContract: permit2 },
      primaryType: 'PermitTransferFrom',
      message: { permitted: { token: usdc, amount: '5000000' }, spender, nonce: 1, deadline: 1_900_000_000 },
    }
    expect(decodeTypedDataGrants(transfer)).toMatchObject([
      { standard: 'Permit2 transfer', token: usdc, spender, amount: 5_000_000n, unlimited: false },
    ])
  })

  it('reads DAI permits and EIP-3009 transfer authorizations', () => {
    expect(
      decodeTypedDataGrants({
        domain: { verifyingContract: usdc },
        primaryType: 'Permit',
        message: { holder: owner, spender, nonce: 0, expiry: 0, allowed: true },
      }),
    ).toMatchObject([{ standard: 'DAI permit', unlimited: true, expiresAt: undefined }])
    expect(
      decodeTypedDataGrants({
        domain: { verifyingContract: usdc },
        primaryType: 'TransferWithAuthorization',
        message: {
          from: owner,
          to: spender,
          value: '1000000',
          validAfter: 0,
          validBefore: 1_900_000_000,
          nonce: '0x00',
        },
      }),
    ).toMatchObject([
      { standard: 'EIP-3009 transfer authorization', spender, amount: 1_000_000n, unlimited: false },
    ])
  })

  it('finds no grant in typed data that is not a permit, or in JSON that is not typed data', () => {
    expect(decodeTypedDataGrants({ primaryType: 'Mail', domain: {}, message: { contents: 'hi' } })).toEqual(
      [],
    )
    expect(decodeTypedDataGrants('not json')).toEqual([])
  })
})

describe('decodeApprovalCall', () => {
  it('reads approve, increaseAllowance, setApprovalForAll and Permit2 approve calldata', () => {
    expect(decodeApprovalCall({ to: usdc, data: `0x095ea7b3${word(spender)}${word(MAX_UINT256)}` })).toEqual({
      standard: 'ERC-20 approve',
      token: usdc,
      spender,
      amount: MAX_UINT256,
      unlimited: true,
      expiresAt: undefined,
    })
    expect(decodeApprovalCall({ to: usdc, data: `0x39509351${word(spender)}${word(10n)}` })).toMatchObject({
      standard: 'ERC-20 increaseAllowance',
      amount: 10n,
      unlimited: false,
    })
    expect(decodeApprovalCall({ to: usdc, data: `0xa22cb465${word(spender)}${word(1n)}` })).toMatchObject({
      standard: 'NFT approval for all',
      unlimited: true,
    })
    expect(
      decodeApprovalCall({
        to: permit2,
        data: `0x87517c45${word(usdc)}${word(spender)}${word(7n)}${word(1_900_000_000n)}`,
      }),
    ).toMatchObject({
      standard: 'Permit2 approve',
      token: usdc,
      spender,
      amount: 7n,
      expiresAt: 1_900_000_000,
    })
  })

  it('reads nothing from a transfer or short calldata', () => {
    expect(decodeApprovalCall({ to: usdc, data: `0xa9059cbb${word(spender)}${word(1n)}` })).toBeUndefined()
    expect(decodeApprovalCall({ to: usdc, data: '0x095ea7b3' })).toBeUndefined()
  })
})
