// @satchel/react: the package's main entry. Importing it touches no browser global (SSR-safe) and,
// with `sideEffects: false`, an app pays only for what it uses; the modal, phone metadata, WebAuthn
// and SIWE helpers load on demand. The wagmi connector is its own entry: '@satchel/react/wagmi'.

export {
  type BackupCodes,
  generateBackupCodes,
  getBackupCodeCount,
  verifyMfaWithBackupCode,
} from './client/actions/backupCodes'
export {
  type CreateWalletParameters,
  type CreateWalletReturnType,
  createWallet,
} from './client/actions/createWallet'
export {
  type EnrollPasskeyMfaParameters,
  enrollPasskeyMfa,
} from './client/actions/enrollPasskeyMfa'
export { type ExportWalletReturnType, exportWallet } from './client/actions/exportWallet'
export {
  type FundingPurchase,
  type FundingStatus,
  type FundWalletParameters,
  type FundWalletReturnType,
  fundWallet,
  type GetFundingStatusParameters,
  getFundingStatus,
} from './client/actions/fundWallet'
export {
  type FundingAsset,
  type FundingOption,
  type FundingOptions,
  type GetFundingOptionsParameters,
  getFundingOptions,
} from './client/actions/getFundingOptions'
export { getPolicies, type Policy } from './client/actions/getPolicies'
export { getRecoveryStatus, type RecoveryStatus } from './client/actions/getRecoveryStatus'
export {
  getSessionSigners,
  type SessionSigner,
  type SignerPublicKey,
  type WalletSessionSigners,
} from './client/actions/getSessionSigners'
export { getSessions, type Session } from './client/actions/getSessions'
export {
  getStepUpMethods,
  type ReauthenticationMethod,
  type StepUpMethods,
} from './client/actions/getStepUpMethods'
export {
  type GetTransactionScanParameters,
  getTransactionScan,
  type ScanAssetChange,
  type TransactionScan,
} from './client/actions/getTransactionScan'
export {
  type GetTransactionStatusParameters,
  getTransactionStatus,
  type TransactionStatus,
} from './client/actions/getTransactionStatus'
// actions
export { acceptTerms, getUser } from './client/actions/getUser'
export { getWallets } from './client/actions/getWallets'
export {
  linkEmail,
  linkPhone,
  type UnlinkAccountParameters,
  unlinkAccount,
} from './client/actions/linkAccount'
export { completeOAuthLink, type StartOAuthLinkParameters, startOAuthLink } from './client/actions/linkOAuth'
export { linkPasskey } from './client/actions/linkPasskey'
export { type LinkWalletParameters, linkWallet } from './client/actions/linkWallet'
export {
  type ListWalletTransactionsParameters,
  listWalletTransactions,
  type WalletTransaction,
} from './client/actions/listWalletTransactions'
export { loginAsGuest } from './client/actions/loginAsGuest'
export { type LoginWithCustomJwtParameters, loginWithCustomJwt } from './client/actions/loginWithCustomJwt'
export { type LoginWithEmailParameters, loginWithEmail, sendEmailCode } from './client/actions/loginWithEmail'
export {
  completeOAuthLogin,
  type StartOAuthLoginParameters,
  startOAuthLogin,
} from './client/actions/loginWithOAuth'
export { loginWithPasskey } from './client/actions/loginWithPasskey'
export { type LoginWithSmsParameters, loginWithSms, sendSmsCode } from './client/actions/loginWithSms'
export {
  type LoginWithSolanaWalletParameters,
  loginWithSolanaWallet,
} from './client/actions/loginWithSolanaWallet'
export {
  type InjectedProvider,
  type LoginWithWalletParameters,
  loginWithWallet,
} from './client/actions/loginWithWallet'
export {
  enrollMfa,
  initTotpEnrollment,
  type MfaMethod,
  sendMfaSmsCode,
  verifyMfa,
} from './client/actions/mfa'
export type { ReadParameters } from './client/actions/readParameters'
export {
  type ReauthenticateReturnType,
  reauthenticateWithEmail,
  reauthenticateWithPasskey,
  reauthenticateWithSms,
  reauthenticateWithWallet,
} from './client/actions/reauthenticate'
export { removeRecoveryLock } from './client/actions/removeRecoveryLock'
export { revokeSessionSigners } from './client/actions/revokeSessionSigners'
export {
  type SendTransactionParameters,
  type SendTransactionReturnType,
  sendTransaction,
  signTransaction,
  type TransactionRequest,
} from './client/actions/sendTransaction'
export {
  type SetRecoveryPasscodeParameters,
  setRecoveryPasscode,
} from './client/actions/setRecoveryPasscode'
export {
  type SignAndSendSolanaTransactionParameters,
  type SignAndSendSolanaTransactionReturnType,
  signAndSendSolanaTransaction,
} from './client/actions/signAndSendSolanaTransaction'
export {
  type SignMessageParameters,
  type SignMessageReturnType,
  signMessage,
} from './client/actions/signMessage'
export {
  type SignSolanaMessageParameters,
  type SignSolanaMessageReturnType,
  signSolanaMessage,
} from './client/actions/signSolanaMessage'
export {
  type SignSolanaTransactionParameters,
  type SignSolanaTransactionReturnType,
  signSolanaTransaction,
} from './client/actions/signSolanaTransaction'
export {
  type SignTypedDataParameters,
  type SignTypedDataReturnType,
  signTypedData,
  type TypedDataDefinition,
} from './client/actions/signTypedData'
export { type SignUpWithPasskeyParameters, signUpWithPasskey } from './client/actions/signUpWithPasskey'
export {
  type StartSandboxCheckoutParameters,
  type StartSandboxCheckoutReturnType,
  startSandboxCheckout,
} from './client/actions/startSandboxCheckout'
export { type UnenrollMfaParameters, unenrollMfa } from './client/actions/unenrollMfa'
export { unlockRecovery } from './client/actions/unlockRecovery'
export {
  type UpdateSessionSignersParameters,
  updateSessionSigners,
} from './client/actions/updateSessionSigners'
export { verifyPasskeyMfa } from './client/actions/verifyPasskeyMfa'
export {
  getWallet,
  type WalletRpcParameters,
  type WalletSelector,
  walletRpc,
} from './client/actions/walletRpc'
// client
export {
  type ClientRequest,
  type CreateSatchelClientParameters,
  type CreateWalletsOnLogin,
  createSatchelClient,
  type SatchelClient,
} from './client/createSatchelClient'
export {
  type InjectedWallet,
  type InjectedWalletInfo,
  type WatchInjectedWalletsParameters,
  watchInjectedWallets,
} from './client/eip6963/watchInjectedWallets'
export { OAuthPopupClosedError } from './client/oauth/oauthErrors'
export type { SessionPublicKey } from './client/session/sessionKey'
export {
  createDefaultSessionKeyStore,
  createIndexedDbSessionKeyStore,
  createMemorySessionKeyStore,
  type SessionKeyStore,
} from './client/session/sessionKeyStore'
export type {
  AuthStatus,
  SatchelEvent,
  SatchelState,
  SignedOutReason,
  WalletsState,
  WalletsStatus,
} from './client/state/transition'
export { createDefaultStorage, createMemoryStorage, type SatchelStorage } from './client/tokens/storage'
export type {
  AppConfig,
  AuthenticatedUser,
  ChainType,
  LinkedAccount,
  LoginMode,
  SatchelUser,
  SatchelWallet,
} from './client/types'
// errors
export {
  FeatureNotAvailableError,
  NotAuthenticatedError,
  SatchelProviderNotFoundError,
  SessionKeyLostError,
  type StepUpReason,
  StepUpRequiredError,
  UnexpectedResponseError,
  WalletNotFoundError,
} from './errors/errors'
// Ethereum
export { type CreateEip1193ProviderParameters, createEip1193Provider } from './ethereum/createEip1193Provider'
export type {
  Eip1193EventMap,
  Eip1193Method,
  Eip1193Methods,
  Eip1193Provider,
  Eip1193RequestArguments,
  Eip1193ReturnType,
} from './ethereum/eip1193Methods'
export { toProviderRpcError } from './ethereum/toProviderRpcError'
export type {
  ReadBehaviour,
  ReadContext,
  ReadState,
  ReadStatus,
} from './query/createQuery'
export {
  type ActionOptions,
  actionOptions,
  appConfigQueryOptions,
  fundingOptionsQueryOptions,
  fundingStatusQueryOptions,
  policiesQueryOptions,
  type ReadOptions,
  recoveryStatusQueryOptions,
  sessionSignersQueryOptions,
  sessionsQueryOptions,
  transactionScanQueryOptions,
  transactionStatusQueryOptions,
  userQueryOptions,
  walletsQueryOptions,
} from './query/options'
// query options
export { satchelKeys } from './query/satchelKeys'
export {
  type ModalLoginMethod,
  type SatchelAppearance,
  type SatchelUiConfig,
  useSatchelClient,
} from './react/context'
export { useAppConfig } from './react/hooks/useAppConfig'
export type { CodeLoginState } from './react/hooks/useCodeLogin'
export { useCreateWallet } from './react/hooks/useCreateWallet'
export { useEthereumProvider } from './react/hooks/useEthereumProvider'
export { useExportWallet } from './react/hooks/useExportWallet'
export { useFundingOptions } from './react/hooks/useFundingOptions'
export { useFundingStatus } from './react/hooks/useFundingStatus'
export { useFundWallet } from './react/hooks/useFundWallet'
export { type UseInjectedWalletsReturnType, useInjectedWallets } from './react/hooks/useInjectedWallets'
export { type UseLinkAccountReturnType, useLinkAccount } from './react/hooks/useLinkAccount'
export { type UseLoginParameters, useLogin } from './react/hooks/useLogin'
export { type UseLoginWithEmailReturnType, useLoginWithEmail } from './react/hooks/useLoginWithEmail'
export { useLoginWithOAuth } from './react/hooks/useLoginWithOAuth'
export { useLoginWithPasskey } from './react/hooks/useLoginWithPasskey'
export { type UseLoginWithSmsReturnType, useLoginWithSms } from './react/hooks/useLoginWithSms'
export { useLoginWithSolanaWallet } from './react/hooks/useLoginWithSolanaWallet'
export { useLoginWithWallet } from './react/hooks/useLoginWithWallet'
export { useLogout } from './react/hooks/useLogout'
export { type UseMfaReturnType, useMfa } from './react/hooks/useMfa'
export { usePolicies } from './react/hooks/usePolicies'
export { type UseReauthenticateReturnType, useReauthenticate } from './react/hooks/useReauthenticate'
export { type UseRecoveryReturnType, useRecovery } from './react/hooks/useRecovery'
export { useRecoveryStatus } from './react/hooks/useRecoveryStatus'
export { type UseSatchelReturnType, useSatchel } from './react/hooks/useSatchel'
export { useSendTransaction } from './react/hooks/useSendTransaction'
export { useSessionSignerList } from './react/hooks/useSessionSignerList'
export { type UseSessionSignersReturnType, useSessionSigners } from './react/hooks/useSessionSigners'
export { useSessions } from './react/hooks/useSessions'
export type { UseReadOptions } from './react/hooks/useSignedInRead'
export { useSignMessage } from './react/hooks/useSignMessage'
export { useSignTypedData } from './react/hooks/useSignTypedData'
export { useSignUpWithPasskey } from './react/hooks/useSignUpWithPasskey'
export { useSolanaSignInWallets } from './react/hooks/useSolanaSignInWallets'
export { useTransactionScan } from './react/hooks/useTransactionScan'
export { useTransactionStatus } from './react/hooks/useTransactionStatus'
export { type UseWalletConnectReturnType, useWalletConnect } from './react/hooks/useWalletConnect'
export { type UseWalletsReturnType, useWallets } from './react/hooks/useWallets'
// React
export {
  SatchelProvider,
  type SatchelProviderConfig,
  type SatchelProviderProps,
} from './react/SatchelProvider'
export { type ActionStatus, type UseActionReturnType, useAction } from './react/useAction'
export { type UseReadParameters, type UseReadReturnType, useRead } from './react/useRead'
// WalletConnect, dApp role (the SDK itself loads on the first connect())
export {
  type CreateWalletConnectDappParameters,
  createWalletConnectDapp,
  type WalletConnectDapp,
  type WalletConnectDappState,
  type WalletConnectPairingState,
} from './walletconnect/dapp/createWalletConnectDapp'
export { getWalletConnectDapp, type WalletConnectConfig } from './walletconnect/dapp/getWalletConnectDapp'
export { linkWithWalletConnect } from './walletconnect/dapp/linkWithWalletConnect'
export { loginWithWalletConnect } from './walletconnect/dapp/loginWithWalletConnect'
export type { WalletConnectSession } from './walletconnect/dapp/readWalletConnectSession'
export { WalletConnectNotConfiguredError } from './walletconnect/dapp/WalletConnectNotConfiguredError'
