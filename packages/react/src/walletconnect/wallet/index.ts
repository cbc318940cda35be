// @satchel/react/walletconnect-wallet: the embedded wallet as a WalletConnect wallet (the Connections
// screen). Its own entry, so only a page that connects to other apps loads WalletKit.
export {}
