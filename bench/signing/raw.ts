// Raw signing rates on this machine, to choose the vault's signing code and to set the ceiling the
// full HTTP path is compared with. Run from the repository root: npx tsx bench/signing/raw.ts
// Each figure is the best of 3 timed rounds of about 1 s after a 0.2 s warm-up. Add --json for
// machine-readable output.
import { spawn } from 'node:child_process'
import { createPrivateKey, sign as nodeSign, randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { HDKey } from '@scure/bip32'
import { entropyToMnemonic, mnemonicToSeed as scureMnemonicToSeed } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { combine, split } from 'shamir-secret-sharing'
import { open, seal } from '../../packages/server/src/platform/crypto/seal'
import { createLocalVault } from '../../packages/server/src/vault/createLocalVault'
import { createRemoteVault } from '../../packages/server/src/vault/createRemoteVault'
import { deriveBip32Secp256k1 } from '../../packages/server/src/vault/deriveBip32Secp256k1'
import { deriveSlip10Ed25519 } from '../../packages/server/src/vault/deriveSlip10Ed25519'
import { mnemonicToSeed } from '../../packages/server/src/vault/mnemonicToSeed'
import { secp256k1Backend } from '../../packages/server/src/vault/signSecp256k1'
import type { KeyShares, Vault } from '../../packages/server/src/vault/types'

type NativeSecp256k1 = {
  ecdsaSign(msg32: Uint8Array, key: Uint8Array): { signature: Uint8Array; recid: number }
}

const results: { name: string; perSecond: number }[] = []

async function measure(name: string, run: () => unknown, concurrency = 1, warmUpMs = 200): Promise<void> {
  const round = async (ms: number): Promise<number> => {
    let count = 0
    const start = performance.now()
    const worker = async () => {
      while (performance.now() - start < ms) {
        await run()
        count++
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    return (count / (performance.now() - start)) * 1000
  }
  await round(warmUpMs)
  let best = 0
  for (let i = 0; i < 3; i++) best = Math.max(best, await round(1000))
  results.push({ name, perSecond: Math.round(best) })
  console.log(`${name.padEnd(70)} ${Math.round(best).toString().padStart(8)} /s`)
}

console.log(`node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}`)
console.log(`vault secp256k1 backend: ${secp256k1Backend}\n`)

// 1. Signing primitives, one thread.
const digest = randomBytes(32)
const secpKey = secp256k1.utils.randomPrivateKey()
const native: NativeSecp256k1 = createRequire(import.meta.url)('secp256k1/bindings')
console.log('secp256k1 ECDSA with recovery id (32-byte digest)')
await measure('  @noble/curves secp256k1.sign', () => secp256k1.sign(digest, secpKey))
await measure('  secp256k1 npm package (native libsecp256k1) ecdsaSign', () =>
  native.ecdsaSign(digest, secpKey),
)

const edSeed = randomBytes(32)
const message = randomBytes(64)
const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), edSeed])
const edKeyObject = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })
const jwk = {
  kty: 'OKP',
  crv: 'Ed25519',
  d: edSeed.toString('base64url'),
  x: edKeyObject.export({ format: 'jwk' }).x ?? '',
}
console.log('\ned25519 (64-byte message)')
await measure('  @noble/curves ed25519.sign', () => ed25519.sign(message, edSeed))
await measure('  node:crypto sign, KeyObject reused', () => nodeSign(null, message, edKeyObject))
await measure('  node:crypto sign, KeyObject imported per signature from PKCS#8 DER', () =>
  nodeSign(null, message, createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })),
)
await measure('  node:crypto sign, KeyObject imported per signature from JWK', () =>
  nodeSign(null, message, createPrivateKey({ key: jwk, format: 'jwk' })),
)

// 2. The cold key path: what a signature costs when its key is not cached.
console.log('\ncold key path, step by step')
const kek = randomBytes(32)
const sealedShare = seal(kek, randomBytes(33), 'root_1')
const shares = await split(new Uint8Array(randomBytes(32)), 2, 2)
const mnemonic = entropyToMnemonic(randomBytes(16), wordlist)
const seed = await mnemonicToSeed(mnemonic)
await measure('  open one sealed share (AES-256-GCM)', () => open(kek, sealedShare, 'root_1'))
await measure('  shamir-secret-sharing combine, 2-of-2', () => combine(shares))
await measure('  BIP-39 seed, @scure/bip39 mnemonicToSeed (JS PBKDF2)', () => scureMnemonicToSeed(mnemonic))
await measure('  BIP-39 seed, node:crypto pbkdf2 (libuv pool)', () => mnemonicToSeed(mnemonic))
await measure('  BIP-39 seed, node:crypto pbkdf2, 4 in flight', () => mnemonicToSeed(mnemonic), 4)
await measure("  BIP-32 m/44'/60'/0'/0/0, @scure/bip32", () =>
  HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'/0/0"),
)
await measure("  BIP-32 m/44'/60'/0'/0/0, vault deriveBip32Secp256k1 (native)", () =>
  deriveBip32Secp256k1(seed, "m/44'/60'/0'/0/0"),
)
await measure("  SLIP-0010 m/44'/501'/0'/0', vault deriveSlip10Ed25519", () =>
  deriveSlip10Ed25519(seed, "m/44'/501'/0'/0'"),
)

console.log('\ncold key path, whole (vault with its cache disabled: unseal + combine + seed + derive)')
const vaultKek = randomBytes(32)
const uncached = createLocalVault({ keyEncryptionKey: vaultKek, cacheSize: 0 })
const coldRoot = { rootId: 'root_cold', ...(await uncached.createRoot({ rootId: 'root_cold' })) }
for (const concurrency of [1, 4]) {
  await measure(
    `  getAccount ethereum, uncached, concurrency ${concurrency}`,
    () => uncached.getAccount({ ...coldRoot, chainType: 'ethereum', index: 0 }),
    concurrency,
  )
}
await measure(
  '  getAccount solana, uncached, concurrency 4',
  () => uncached.getAccount({ ...coldRoot, chainType: 'solana', index: 0 }),
  4,
)

// 3. Wallet creation: a new root and its first EVM account.
console.log('\nwallet creation')
const local = createLocalVault({ keyEncryptionKey: vaultKek })
let rootCounter = 0
await measure('  createRoot', () => local.createRoot({ rootId: `root_${rootCounter++}` }))
for (const concurrency of [1, 8]) {
  await measure(
    `  createRoot + getAccount(ethereum, 0), concurrency ${concurrency}`,
    async () => {
      const rootId = `root_${rootCounter++}`
      await local.getAccount({
        rootId,
        ...(await local.createRoot({ rootId })),
        chainType: 'ethereum',
        index: 0,
      })
    },
    concurrency,
  )
}

// 4. Signing through the vault with the account key cached, in-process and in a separate vault process.
const dir = await mkdtemp(join(os.tmpdir(), 'satchel-bench-'))
const socketPath = join(dir, 'vault.sock')
const secret = randomBytes(32).toString('hex')
const vaultModule = fileURLToPath(
  new URL('../../packages/server/src/vault/runVaultProcess.ts', import.meta.url),
)
const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    `const { runVaultProcess } = await import(${JSON.stringify(vaultModule)}); await runVaultProcess(process.env)`,
  ],
  {
    env: {
      ...process.env,
      SATCHEL_VAULT_KEK: vaultKek.toString('hex'),
      SATCHEL_VAULT_SECRET: secret,
      SATCHEL_VAULT_SOCKET: socketPath,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
)
await new Promise((resolve) => child.stdout.once('data', resolve))
const remote = createRemoteVault({ socketPath, sharedSecret: secret })
const root: KeyShares = { rootId: 'root_bench', ...(await local.createRoot({ rootId: 'root_bench' })) }
const transaction = {
  chainId: 1,
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  value: 1n,
  nonce: 0,
  gas: 21_000n,
  maxFeePerGas: 10n ** 10n,
  maxPriorityFeePerGas: 10n ** 9n,
} as const
const vaults: [string, Vault][] = [
  ['in-process', local],
  ['vault process over a Unix socket', remote],
]
for (const [label, vault] of vaults) {
  console.log(`\nsigning with a cached key, ${label}`)
  // The vault process compiles its code (tsx) and warms its JIT on its first requests.
  const warmUpMs = vault === remote ? 3000 : 200
  const requests = [
    ['personal_sign', 'ethereum', { method: 'personal_sign', message }],
    ['eth_signTransaction (EIP-1559)', 'ethereum', { method: 'eth_signTransaction', transaction }],
    ['solana_signMessage', 'solana', { method: 'solana_signMessage', message }],
  ] as const
  for (const concurrency of [1, 32]) {
    for (const [name, chainType, request] of requests) {
      await measure(
        `  ${name}, concurrency ${concurrency}`,
        () => vault.sign({ ...root, chainType, index: 0, request }),
        concurrency,
        warmUpMs,
      )
    }
  }
}
child.kill('SIGTERM')
await new Promise((resolve) => child.once('exit', resolve))
await rm(dir, { recursive: true, force: true })

if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2))
