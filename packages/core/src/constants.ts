// Every number the spec names (section 9), the architecture's code and token lifetimes, and the few
// fixed values of the local devnet. Units are in the names so a seconds/milliseconds mix-up shows at
// the call site. Nothing here is computed at import beyond plain arithmetic.
import type { Address } from 'viem'

// ---------------------------------------------------------------------------------------------------
// Retry wrapper

/** How many times `withRetry` retries after the first failure unless told otherwise. */
export const RETRY_DEFAULT_RETRIES = 3

/** How long `withRetry` waits between attempts unless told otherwise, in milliseconds. */
export const RETRY_DEFAULT_DELAY_MS = 1000

// ---------------------------------------------------------------------------------------------------
// QR codes

/** The smallest QR code version (21 × 21 modules). */
export const QR_MIN_VERSION = 1

/** The largest QR code version (177 × 177 modules). */
export const QR_MAX_VERSION = 40

/** Error correction level used when none is asked for: M recovers about 15 % of the symbol. */
export const QR_DEFAULT_ERROR_CORRECTION = 'M'

/** Quiet zone around the symbol, in modules. */
export const QR_DEFAULT_MARGIN = 4

/** Pixels per module when rendering. */
export const QR_DEFAULT_SCALE = 4

/** Modules added to the side of the symbol by each version step: size = 4 × version + 17. */
export const QR_MODULES_PER_VERSION = 4

/** Modules of a symbol's side that do not depend on the version: size = 4 × version + 17. */
export const QR_SIZE_OFFSET = 17

/** The narrowest symbol, in modules (version 1: 4 × 1 + 17). */
export const QR_MIN_WIDTH = 21

/**
 * The version ranges inside which a mode's character-count indicator keeps the same bit width
 * (ISO/IEC 18004 table 3): versions 1-9, 10-26 and 27-40, inclusive.
 */
export const QR_CHARACTER_COUNT_VERSION_RANGES = [
  [1, 9],
  [10, 26],
  [27, 40],
] as const

// ---------------------------------------------------------------------------------------------------
// Display

/** Characters of an address shown before the ellipsis (`0x` plus three). */
export const ADDRESS_DISPLAY_PREFIX_LENGTH = 5

/** Characters of an address shown after the ellipsis. */
export const ADDRESS_DISPLAY_SUFFIX_LENGTH = 4

/** Decimals shown for a wei amount unless told otherwise. */
export const WEI_DISPLAY_DECIMALS = 3

/** Characters of a phone number left visible when it is masked (the last ones). */
export const PHONE_MASK_VISIBLE_CHARACTERS = 4

/** A touch that moves further than this, in pixels, is a scroll and not a click outside. */
export const CLICK_OUTSIDE_TOUCH_THRESHOLD_PX = 30

// ---------------------------------------------------------------------------------------------------
// WalletConnect

/** An unused pairing expires after 5 minutes. */
export const WALLETCONNECT_PAIRING_EXPIRY_SECONDS = 5 * 60

/** A settled session lives for 7 days unless extended. */
export const WALLETCONNECT_SESSION_EXPIRY_SECONDS = 7 * 24 * 60 * 60

/** A session proposal not answered within 5 minutes expires. */
export const WALLETCONNECT_PROPOSAL_EXPIRY_SECONDS = 5 * 60

/** How long to wait for the relay websocket to open, in milliseconds. */
export const WALLETCONNECT_CONNECT_TIMEOUT_MS = 15_000

/** Connection attempts to the relay before giving up. */
export const WALLETCONNECT_MAX_CONNECTION_ATTEMPTS = 5

/** Topics subscribed in one batch request to the relay. */
export const WALLETCONNECT_BATCH_SUBSCRIBE_LIMIT = 500

/** Days of request history kept. */
export const WALLETCONNECT_HISTORY_DAYS = 30

// ---------------------------------------------------------------------------------------------------
// Chains and phones

/** The chain a transaction is for when it names none: Ethereum mainnet. */
export const DEFAULT_CHAIN_ID = 1

/** Country assumed for a phone number written without a calling code. */
export const DEFAULT_PHONE_COUNTRY = 'US'

/** Calling code of {@link DEFAULT_PHONE_COUNTRY}. */
export const DEFAULT_PHONE_CALLING_CODE = '1'

// ---------------------------------------------------------------------------------------------------
// Identity and sessions (ARCHITECTURE section 2)

/** Digits in a passwordless email or SMS code. */
export const OTP_LENGTH = 6

/** A passwordless code is valid for 10 minutes. */
export const OTP_TTL_SECONDS = 10 * 60

/** Wrong guesses allowed before a passwordless code is burnt. */
export const OTP_MAX_ATTEMPTS = 5

/** An MFA verification covers sensitive actions for 15 minutes. */
export const MFA_VERIFICATION_TTL_SECONDS = 15 * 60

/**
 * Without a second factor, the most sensitive actions (export, unlinking a way in, a first recovery
 * lock) need a proof of a login method (a new code, a passkey, a wallet signature) this recent.
 */
export const REAUTHENTICATION_TTL_SECONDS = 5 * 60

/** Access tokens (ES256 JWTs) expire after 1 hour. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60

/** Refresh tokens expire after 30 days (each use rotates them). */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60

/** A sign-in-with-Ethereum nonce must be used within 10 minutes, and only once. */
export const SIWE_NONCE_TTL_SECONDS = 10 * 60

// ---------------------------------------------------------------------------------------------------
// Wallets

/**
 * Most embedded wallets one user may hold of one chain type: the primary wallet (index 0) and the
 * additional ones (`create_additional`), so at most 10 EVM and 10 Solana wallets per user.
 */
export const MAX_WALLETS_PER_CHAIN_TYPE = 10

// ---------------------------------------------------------------------------------------------------
// Local devnet

/** Chain id of the local devnet's first anvil chain (`Satchel Devnet`, port 8545). */
export const LOCAL_CHAIN_ID = 31337

/** Chain id of the local devnet's second anvil chain (`Satchel Devnet Base`, port 8546). */
export const LOCAL_BASE_CHAIN_ID = 31338

/**
 * The USDC-like token on both local chains. The devnet deploys it first from anvil's account 0 at
 * nonce 0, and a contract address depends only on deployer and nonce, so it is the same on every run.
 */
export const LOCAL_USDC_ADDRESS: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

// ---------------------------------------------------------------------------------------------------
// Onramp

/** Prefix of the Coinbase `endPartnerName` parameter; the app id follows it. */
export const ONRAMP_PARTNER_PREFIX = 'satchel-'
