import { readdir, readFile } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { join, relative } from 'node:path'

export type UndeclaredImport = { file: string; specifier: string }

export type FindUndeclaredImportsParameters = {
  /** A package folder: its package.json and its built `dist/`. */
  dir: string
  /** Whether `node:` built-ins may be imported (a server package); a browser or edge package may not. */
  allowBuiltins: boolean
}

// What the built ES modules import, as tsdown writes them (one statement per line, double quotes):
// `import ... from "x"`, `export ... from "x"`, `import "x"`, `import("x")`, and `require("x")` or
// `createRequire(...)("x")` for the rare CommonJS load. Anchored at the start of a line, so an import
// quoted in a comment or a string is not one.
const IMPORT_PATTERNS = [
  /^(?:import|export)\b[^;\n]*?\bfrom\s*"([^"]+)"/gm,
  /^import\s*"([^"]+)"/gm,
  /\bimport\(\s*"([^"]+)"\s*\)/g,
  /(?:\brequire|\))\(\s*"([^"./][^"]*)"\s*\)/g,
]

const builtins = new Set(builtinModules)

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier)
}

async function listJs(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/**
 * Every import in a package's built JavaScript that its package.json does not declare (as a
 * dependency, an optional dependency or a peer), and every Node built-in where none is allowed. Such
 * an import works inside the workspace, where npm hoists everything, and fails for the first person
 * who installs the package.
 *
 * @example
 * const undeclared = await findUndeclaredImports({ dir: 'packages/react', allowBuiltins: false })
 */
export async function findUndeclaredImports({
  dir,
  allowBuiltins,
}: FindUndeclaredImportsParameters): Promise<UndeclaredImport[]> {
  const manifest: Record<string, unknown> = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))
  const declared = new Set(
    ['dependencies', 'optionalDependencies', 'peerDependencies'].flatMap((field) => {
      const value = manifest[field]
      return typeof value === 'object' && value !== null ? Object.keys(value) : []
    }),
  )
  const found: UndeclaredImport[] = []
  for (const file of await listJs(join(dir, 'dist'))) {
    const code = await readFile(file, 'utf8')
    const specifiers = new Set(
      IMPORT_PATTERNS.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1])),
    )
    for (const specifier of specifiers) {
      if (!specifier || specifier.startsWith('.') || specifier.startsWith('/')) continue
      const builtin = specifier.startsWith('node:') || builtins.has(packageOf(specifier))
      const ok = builtin ? allowBuiltins : declared.has(packageOf(specifier))
      if (!ok) found.push({ file: relative(dir, file), specifier })
    }
  }
  return found
}
