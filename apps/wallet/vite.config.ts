import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// `npm start` builds this app with Vite's `build()` and serves it from the API's origin (see
// apps/devnet/src/wallet/). `vite` (dev) proxies the API of a running devnet instead; the API only takes
// requests from the dev app's own origins, so the proxy presents the devnet's origin.
const devnet = process.env.SATCHEL_DEVNET_URL ?? 'http://localhost:8787'
const proxied = { target: devnet, changeOrigin: true, headers: { origin: devnet } }

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    // The first screen is the shell and sign-in; everything else is split per feature.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  server: {
    proxy: { '/api': proxied, '/config.json': proxied, '/outbox': proxied },
  },
})
