// @satchel/react/walletconnect-wallet: the embedded wallet as a WalletConnect wallet (the Connections
// screen). Its own entry, so only a page that connects to other apps loads WalletKit, and even then
// only when the wallet role starts (WalletKit is imported on first use).

export { type AnswerSessionRequestParameters, answerSessionRequest } from './answerSessionRequest'
export {
  type BuildSessionNamespacesParameters,
  buildSessionNamespaces,
  type SessionNamespace,
} from './buildSessionNamespaces'
export {
  type ApproveRequestReturnType,
  type CreateWalletConnectWalletParameters,
  createWalletConnectWallet,
  type WalletConnectWallet,
} from './createWalletConnectWallet'
export { describeSessionRequest, type SessionRequestSummary } from './describeSessionRequest'
export type { SolanaTransactionSummary, SolanaTransfer } from './describeSolanaTransaction'
export { WalletConnectWalletError } from './errors'
export { getProposalRejection, type ReadProposalParameters, readProposal } from './readProposal'
export { type SupportedNamespace, supportedEvents, supportedMethods } from './supportedMethods'
export type {
  RequestedChain,
  RequestedMethod,
  WalletConnectPairing,
  WalletConnectPeer,
  WalletConnectProposal,
  WalletConnectRequest,
  WalletConnectSession,
  WalletConnectWalletState,
} from './types'
export {
  type UseWalletConnectWalletParameters,
  type UseWalletConnectWalletReturnType,
  useWalletConnectWallet,
} from './useWalletConnectWallet'
