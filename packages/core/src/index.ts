// @satchel/core: the rules of the spec, once. Pure and isomorphic: no I/O, no globals touched at import.
// This is the package's only barrel; a test snapshots its export list.

export {
  type AllowanceGrant,
  decodeApprovalCall,
  decodeTypedDataGrants,
  MAX_UINT256,
  UNLIMITED_ALLOWANCE_THRESHOLD,
} from './approvals/decodeApprovals'
// auth
export { type DecodedTokenPayload, decodeToken } from './auth/decodeToken'
export {
  estimatePassphraseEntropy,
  estimatePasswordEntropy,
  type PasswordEntropy,
  type PasswordStrength,
} from './auth/estimatePasswordEntropy'
export { type GeneratePassphraseParameters, generatePassphrase } from './auth/generatePassphrase'
export { type ParsedPhone, type ParsePhoneParameters, parsePhone } from './auth/parsePhone'
export { type Caip2, getCaip2, InvalidCaip2Error, parseCaip2 } from './chains/caip2'
export { chains } from './chains/chains'
export { getChain, UnknownChainError } from './chains/getChain'
export { getUsdcAddress } from './chains/getUsdcAddress'
export {
  getSolanaCluster,
  getSolanaUsdcMint,
  type SolanaClusterInfo,
  solanaClusters,
  UnknownSolanaClusterError,
} from './chains/solana'
// chains
export type { SatchelChain, SatchelRpcUrls, SolanaCluster } from './chains/types'
// constants (section 9 of the spec)
export * from './constants'
// errors
export { ApiError, type ApiErrorParameters } from './errors/ApiError'
export { BaseError, type BaseErrorParameters } from './errors/BaseError'
export { type ApiErrorCode, apiErrors, isApiErrorCode } from './errors/catalogue'
export { NetworkError, type NetworkErrorKind, networkErrorMessages } from './errors/NetworkError'
export {
  ChainDisconnectedError,
  DisconnectedError,
  InvalidParamsError,
  ProviderRpcError,
  ResourceUnavailableError,
  UnauthorizedError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from './errors/provider'
export {
  getWalletConnectError,
  type WalletConnectErrorKey,
  walletConnectErrors,
} from './errors/walletConnect'
// format
export { formatAddress } from './format/formatAddress'
export { type FormatWeiParameters, formatWei } from './format/formatWei'
export { maskPhone } from './format/maskPhone'
export {
  type BuildCoinbaseOnrampUrlParameters,
  buildCoinbaseOnrampUrl,
  type CoinbaseOnrampAsset,
} from './onramp/buildCoinbaseOnrampUrl'
export {
  type BuildMoonpayUrlParameters,
  buildMoonpayUrl,
  type MoonpayConfig,
  type MoonpayEnvironment,
} from './onramp/buildMoonpayUrl'
export { InvalidOnrampParameterError, UnknownOnrampProviderError } from './onramp/errors'
// onramp
export {
  type CoinbaseNetwork,
  getOnrampSupport,
  type MoonpayCurrencyCode,
  type OnrampAsset,
  type OnrampProvider,
  type OnrampSupport,
} from './onramp/getOnrampSupport'
export { signMoonpayUrl, verifyMoonpayUrlSignature } from './onramp/signMoonpayUrl'
// qr
export { type CreateQrCodeParameters, createQrCode, type QrCode, QrCodeError } from './qr/createQrCode'
// retry
export { isRetryableError, type WithRetryParameters, withRetry } from './retry/withRetry'
// transactions
export {
  InvalidTransactionError,
  type NormalizedTransaction,
  normalizeTransaction,
  type TransactionInput,
  type TransactionType,
  UnsupportedTransactionTypeError,
} from './transactions/normalizeTransaction'
// walletconnect
export {
  InvalidWalletConnectUriError,
  type InvalidWalletConnectUriReason,
  type ParsedWalletConnectUri,
  type ParseWalletConnectUriErrorType,
  parseWalletConnectUri,
} from './walletconnect/parseWalletConnectUri'
