import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { findUndeclaredImports } from './findUndeclaredImports'

let dir = ''
afterEach(() => rm(dir, { recursive: true, force: true }))

async function makePackage(manifest: object, files: Record<string, string>) {
  dir = await mkdtemp(join(tmpdir(), 'satchel-undeclared-'))
  await writeFile(join(dir, 'package.json'), JSON.stringify(manifest))
  for (const [name, code] of Object.entries(files)) {
    await mkdir(join(dir, 'dist', name, '..'), { recursive: true })
    await writeFile(join(dir, 'dist', name), code)
  }
  return dir
}

it('finds an import the package does not declare, static, dynamic or required', async () => {
  await makePackage(
    { dependencies: { viem: '^2' }, peerDependencies: { react: '>=18' } },
    {
      'index.js': [
        'import { a } from "viem/accounts";',
        'import { useState } from "react";',
        'import { startAuthentication } from "@simplewebauthn/browser";',
        'export { b } from "./b.js";',
      ].join('\n'),
      'lazy/b.js':
        'export const b = () => import("libphonenumber-js/min");\nconst x = createRequire(import.meta.url)("secp256k1/bindings");',
    },
  )
  expect(await findUndeclaredImports({ dir, allowBuiltins: false })).toEqual([
    { file: 'dist/index.js', specifier: '@simplewebauthn/browser' },
    { file: 'dist/lazy/b.js', specifier: 'libphonenumber-js/min' },
    { file: 'dist/lazy/b.js', specifier: 'secp256k1/bindings' },
  ])
})

it("refuses Node's built-ins in a package for browsers and edge runtimes, and allows them in a server", async () => {
  await makePackage({}, { 'index.js': 'import { createHash } from "node:crypto";\nimport fs from "fs";' })
  expect(await findUndeclaredImports({ dir, allowBuiltins: false })).toEqual([
    { file: 'dist/index.js', specifier: 'node:crypto' },
    { file: 'dist/index.js', specifier: 'fs' },
  ])
  expect(await findUndeclaredImports({ dir, allowBuiltins: true })).toEqual([])
})

it('does not count an import written in a comment or a string', async () => {
  await makePackage(
    {},
    {
      'index.js': [
        '/**',
        ' * @example',
        " * import { chains } from '@satchel/core'",
        ' */',
        'const to = parseAddress("from", input.from);',
      ].join('\n'),
    },
  )
  expect(await findUndeclaredImports({ dir, allowBuiltins: false })).toEqual([])
})
