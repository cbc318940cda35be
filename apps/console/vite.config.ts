import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The API serves the built console at /console (ops/static/serveConsole.ts; the devnet builds it on
// start). `vite` (dev) proxies a running devnet, presenting the devnet's origin as the API expects.
const devnet = process.env.SATCHEL_DEVNET_URL ?? 'http://localhost:8787'
const proxied = { target: devnet, changeOrigin: true, headers: { origin: devnet } }

export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: {
    target: 'es2022',
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  server: {
    proxy: { '/api': proxied, '/console/config.json': proxied, '/outbox': proxied },
  },
})
