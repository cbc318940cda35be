/**
 * The Wallet Standard wallets this SDK registers for the user's own embedded Solana wallets: a login
 * screen lists the other wallets in the browser, never these (they exist only once signed in).
 */
export const satchelStandardWallets = new WeakSet<object>()
