import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { AnvilStartError } from './errors'

type AnvilConstModule = {
  BINARY_NAME: (tool: string) => unknown
  PLATFORM_SPECIFIC_PACKAGE_NAME: (tool: string) => unknown
}

let cached: Promise<string> | undefined

/**
 * The path of the anvil executable for this machine. `@foundry-rs/anvil` ships the binary in one
 * optional package per platform (`@foundry-rs/anvil-linux-amd64`, `...-darwin-arm64`, ...); the
 * package's own `const.mjs` says which one applies, so this follows the same lookup as its `bin.mjs`
 * (the platform package first, then a `dist/` folder beside it) without hard-coding a platform.
 *
 * @example
 * spawn(await getAnvilBinaryPath(), ['--port', '8545'])
 */
export function getAnvilBinaryPath(): Promise<string> {
  cached ??= findAnvilBinary().catch((error: unknown) => {
    cached = undefined
    throw error
  })
  return cached
}

async function findAnvilBinary(): Promise<string> {
  const require = createRequire(import.meta.url)
  let constPath: string
  try {
    constPath = require.resolve('@foundry-rs/anvil/const.mjs')
  } catch (cause) {
    throw new AnvilStartError('anvil is not installed', {
      details: 'Install the @foundry-rs/anvil package (a dependency of @satchel/devchain).',
      cause,
    })
  }
  const constants: unknown = await import(pathToFileURL(constPath).href)
  if (!isAnvilConstModule(constants)) {
    throw new AnvilStartError('Unrecognised @foundry-rs/anvil package', {
      details: `${constPath} does not export BINARY_NAME and PLATFORM_SPECIFIC_PACKAGE_NAME.`,
    })
  }
  const binaryName = constants.BINARY_NAME('anvil')
  const platformPackage = constants.PLATFORM_SPECIFIC_PACKAGE_NAME('anvil')
  if (typeof binaryName !== 'string' || typeof platformPackage !== 'string') {
    throw new AnvilStartError('anvil has no binary for this platform', {
      details: `Platform: ${process.platform}, architecture: ${process.arch}.`,
    })
  }
  // Resolved from the anvil package's folder, as its bin.mjs does, so a nested install is found too.
  const anvilRequire = createRequire(constPath)
  try {
    const candidate = anvilRequire.resolve(`${platformPackage}/bin/${binaryName}`)
    if (existsSync(candidate)) return candidate
  } catch {
    // Not installed (optional dependencies can be skipped): try the dist/ fallback below.
  }
  const fallback = join(dirname(constPath), '..', 'dist', binaryName)
  if (existsSync(fallback)) return fallback
  throw new AnvilStartError('anvil binary not found', {
    details: `Expected the optional package ${platformPackage}; reinstall without --no-optional.`,
  })
}

function isAnvilConstModule(value: unknown): value is AnvilConstModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    'BINARY_NAME' in value &&
    typeof value.BINARY_NAME === 'function' &&
    'PLATFORM_SPECIFIC_PACKAGE_NAME' in value &&
    typeof value.PLATFORM_SPECIFIC_PACKAGE_NAME === 'function'
  )
}
