// The server's layers, lowest first. A module may import its own layer and the layers below it,
// never one above: `npm test` runs this rule (test/layers.test.ts), and `npm run graph` draws the
// layers into README.md. Layers on one row sit side by side and do not import each other.
/** @type {string[][]} */
const LAYERS = [['platform'], ['identity'], ['mfa', 'funding', 'ops'], ['auth'], ['wallets']]

const rank = LAYERS.flatMap((row, index) => row.map((name) => ({ name, index })))
const folder = (name) => `^src/${name}/`
const either = (names) => `^src/(${names.join('|')})/`

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const upward = rank.flatMap(({ name, index }) => {
  const above = rank.filter((other) => other.index > index).map((other) => other.name)
  const beside = LAYERS[index].filter((other) => other !== name)
  const rootFiles = '^src/[^/]+[.]ts$'
  return [
    {
      name: `${name}-imports-upward`,
      comment: `${name}/ may import only the layers below it (${LAYERS.slice(0, index).flat().join(', ') || 'none'}) and vault/`,
      severity: 'error',
      from: { path: folder(name) },
      to: {
        path: [
          ...(above.length ? [either(above)] : []),
          ...(beside.length ? [either(beside)] : []),
          rootFiles,
        ],
      },
    },
  ]
})

module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'vault-imports-beyond-crypto',
      comment: 'the vault holds the keys: it imports nothing of the server but platform/crypto',
      severity: 'error',
      from: { path: '^src/vault/' },
      to: { path: '^src/', pathNot: ['^src/vault/', '^src/platform/crypto/'] },
    },
    {
      name: 'src-imports-tests',
      comment: 'test scaffolding stays in test/: nothing shipped imports it',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '[.]test[.]ts$' },
    tsPreCompilationDeps: true,
    reporterOptions: {
      archi: {
        collapsePattern: '^src/(platform|identity|mfa|funding|ops|auth|wallets|vault)/[^/]+|^src/[^/]+[.]ts$',
      },
    },
  },
}
