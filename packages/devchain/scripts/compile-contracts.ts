// Compiles packages/devchain/src/contracts/*.sol and writes src/artifacts.ts (committed, so
// tests and `npm start` never need a compiler). Run from anywhere:
//   npx tsx packages/devchain/scripts/compile-contracts.ts
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { compileContracts, renderArtifacts } from '../src/compileContracts'

const artifactsPath = fileURLToPath(new URL('../src/artifacts.ts', import.meta.url))
const compiled = compileContracts()
writeFileSync(artifactsPath, renderArtifacts(compiled))

// The emitted text is valid but not in house format (JSON quotes, one long line); Biome fixes that so
// the generated file passes `biome check` like any other.
const require = createRequire(import.meta.url)
const biome = require.resolve('@biomejs/biome/bin/biome')
execFileSync(process.execPath, [biome, 'format', '--write', artifactsPath], { stdio: 'inherit' })

for (const contract of compiled.contracts) {
  console.log(
    `${contract.contractName}: ${(contract.bytecode.length - 2) / 2} bytes -> ${contract.exportName}`,
  )
}
console.log(`wrote ${artifactsPath}`)
