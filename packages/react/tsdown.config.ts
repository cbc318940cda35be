import { defineConfig } from 'tsdown'

// The published build (`npm run build`): ES modules and declarations in dist/, one file per source
// file (`unbundle`), so the lazy `import()`s (the modal, its screens, WebAuthn, SIWE, WalletConnect,
// the phone metadata) stay separate files an app's bundler splits off, and tree-shaking works as it
// does on the sources. A bare import this package does not declare fails the build (`onlyBundle: []`).
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'wagmi/index': 'src/wagmi/index.ts',
    'solana/index': 'src/solana/index.ts',
    'walletconnect/wallet/index': 'src/walletconnect/wallet/index.ts',
  },
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  unbundle: true,
  deps: { onlyBundle: [] },
})
