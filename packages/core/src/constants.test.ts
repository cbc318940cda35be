import { getContractAddress, isAddressEqual } from 'viem'
import { describe, expect, test } from 'vitest'
import * as constants from './constants'

describe('the spec section 9 numbers', () => {
  test('retry defaults: 3 retries, 1000 ms', () => {
    expect(constants.RETRY_DEFAULT_RETRIES).toBe(3)
    expect(constants.RETRY_DEFAULT_DELAY_MS).toBe(1000)
  })

  test('QR: versions 1-40, M, margin 4, scale 4, minimum width 21', () => {
    expect(constants.QR_MIN_VERSION).toBe(1)
    expect(constants.QR_MAX_VERSION).toBe(40)
    expect(constants.QR_DEFAULT_ERROR_CORRECTION).toBe('M')
    expect(constants.QR_DEFAULT_MARGIN).toBe(4)
    expect(constants.QR_DEFAULT_SCALE).toBe(4)
    expect(constants.QR_MIN_WIDTH).toBe(21)
  })

  test('QR symbol size is 4 × version + 17, which gives the minimum width at version 1 and 177 at 40', () => {
    const size = (version: number) => constants.QR_MODULES_PER_VERSION * version + constants.QR_SIZE_OFFSET
    expect(size(constants.QR_MIN_VERSION)).toBe(constants.QR_MIN_WIDTH)
    expect(size(constants.QR_MAX_VERSION)).toBe(177)
  })

  test('QR character-count ranges are 1-9, 10-26, 27-40 and cover every version once', () => {
    expect(constants.QR_CHARACTER_COUNT_VERSION_RANGES).toEqual([
      [1, 9],
      [10, 26],
      [27, 40],
    ])
    const covered = constants.QR_CHARACTER_COUNT_VERSION_RANGES.flatMap(([from, to]) =>
      Array.from({ length: to - from + 1 }, (_, index) => from + index),
    )
    expect(covered).toEqual(Array.from({ length: 40 }, (_, index) => index + 1))
  })

  test('display: address 5 + 4 characters, 3 wei decimals, last 4 phone characters, 30 px touch', () => {
    expect(constants.ADDRESS_DISPLAY_PREFIX_LENGTH).toBe(5)
    expect(constants.ADDRESS_DISPLAY_SUFFIX_LENGTH).toBe(4)
    expect(constants.WEI_DISPLAY_DECIMALS).toBe(3)
    expect(constants.PHONE_MASK_VISIBLE_CHARACTERS).toBe(4)
    expect(constants.CLICK_OUTSIDE_TOUCH_THRESHOLD_PX).toBe(30)
  })

  test('WalletConnect: 5 min pairing, 7 day session, 5 min proposal, 15 s connect, 5 attempts, 500 topics, 30 days', () => {
    expect(constants.WALLETCONNECT_PAIRING_EXPIRY_SECONDS).toBe(300)
    expect(constants.WALLETCONNECT_SESSION_EXPIRY_SECONDS).toBe(604_800)
    expect(constants.WALLETCONNECT_PROPOSAL_EXPIRY_SECONDS).toBe(300)
    expect(constants.WALLETCONNECT_CONNECT_TIMEOUT_MS).toBe(15_000)
    expect(constants.WALLETCONNECT_MAX_CONNECTION_ATTEMPTS).toBe(5)
    expect(constants.WALLETCONNECT_BATCH_SUBSCRIBE_LIMIT).toBe(500)
    expect(constants.WALLETCONNECT_HISTORY_DAYS).toBe(30)
  })

  test('defaults: chain 1, phone country US with calling code 1', () => {
    expect(constants.DEFAULT_CHAIN_ID).toBe(1)
    expect(constants.DEFAULT_PHONE_COUNTRY).toBe('US')
    expect(constants.DEFAULT_PHONE_CALLING_CODE).toBe('1')
  })
})

describe('the architecture numbers', () => {
  test('one-time codes: 6 digits, 10 minutes, 5 attempts', () => {
    expect(constants.OTP_LENGTH).toBe(6)
    expect(constants.OTP_TTL_SECONDS).toBe(600)
    expect(constants.OTP_MAX_ATTEMPTS).toBe(5)
  })

  test('sessions: MFA 15 minutes, a fresh login 5 minutes, access token 1 hour, refresh token 30 days, SIWE nonce 10 minutes', () => {
    expect(constants.MFA_VERIFICATION_TTL_SECONDS).toBe(900)
    expect(constants.REAUTHENTICATION_TTL_SECONDS).toBe(300)
    expect(constants.ACCESS_TOKEN_TTL_SECONDS).toBe(3600)
    expect(constants.REFRESH_TOKEN_TTL_SECONDS).toBe(2_592_000)
    expect(constants.SIWE_NONCE_TTL_SECONDS).toBe(600)
  })

  test('wallets: at most 10 of each chain type per user', () => {
    expect(constants.MAX_WALLETS_PER_CHAIN_TYPE).toBe(10)
  })
})

describe('the local devnet', () => {
  test('chains 31337 and 31338', () => {
    expect(constants.LOCAL_CHAIN_ID).toBe(31337)
    expect(constants.LOCAL_BASE_CHAIN_ID).toBe(31338)
  })

  test('the USDC address is the first contract anvil account 0 deploys', () => {
    const anvilAccount0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const firstDeployment = getContractAddress({ from: anvilAccount0, nonce: 0n })
    expect(isAddressEqual(constants.LOCAL_USDC_ADDRESS, firstDeployment)).toBe(true)
    expect(constants.LOCAL_USDC_ADDRESS).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3')
  })

  test('the onramp partner prefix', () => {
    expect(constants.ONRAMP_PARTNER_PREFIX).toBe('satchel-')
  })
})
