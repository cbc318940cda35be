import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { cruise, type IViolation } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import { describe, expect, it } from 'vitest'
import { README, renderLayerGraph } from '../scripts/layerGraph'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const configFile = fileURLToPath(new URL('../.dependency-cruiser.cjs', import.meta.url))

/** The rule's refusals for the `src` folder under `baseDir`, as `rule: from → to`. */
async function findViolations(baseDir: string): Promise<string[]> {
  const options = await extractDepcruiseOptions(configFile)
  const result = await cruise(['src'], { ...options, baseDir, validate: true })
  if (typeof result.output === 'string') throw new Error('expected a cruise result, got text')
  return result.output.summary.violations.map(
    (violation: IViolation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  )
}

describe('server layers (packages/server/.dependency-cruiser.cjs)', () => {
  it('refuses an import from a lower layer into a higher one, and the vault reaching past platform/crypto', async () => {
    const violations = await findViolations(fileURLToPath(new URL('./fixtures/layers', import.meta.url)))
    expect(violations.sort()).toEqual([
      'platform-imports-upward: src/platform/db/openDatabase.ts → src/identity/users/findUser.ts',
      'vault-imports-beyond-crypto: src/vault/signDigest.ts → src/platform/db/openDatabase.ts',
    ])
  })

  it('finds no upward import in the server itself', async () => {
    expect(await findViolations(serverDir)).toEqual([])
  })

  it('README.md draws the folders as they import each other (npm run graph -w @satchel/server redraws it)', async () => {
    expect(readFileSync(README, 'utf8')).toContain(`\`\`\`mermaid\n${await renderLayerGraph()}\n\`\`\``)
  })
})
