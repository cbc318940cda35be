import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'

/** One import in a built file: `static` (loaded with the file), `dynamic` (`import()`, when called) or `require`. */
export type BuiltImport = { file: string; specifier: string; kind: 'static' | 'dynamic' | 'require' }

// What the built ES modules import, as tsdown writes them (one statement per line, double quotes):
// `import ... from "x"`, `export ... from "x"`, `import "x"`, `import("x")`, and `require("x")` or
// `createRequire(...)("x")` for the rare CommonJS load. Anchored at the start of a line, so an import
// quoted in a comment or a string is not one.
const PATTERNS = [
  { kind: 'static', pattern: /^(?:import|export)\b[^;\n]*?\bfrom\s*"([^"]+)"/gm },
  { kind: 'static', pattern: /^import\s*"([^"]+)"/gm },
  { kind: 'dynamic', pattern: /\bimport\(\s*"([^"]+)"\s*\)/g },
  { kind: 'require', pattern: /(?:\brequire|\))\(\s*"([^"./][^"]*)"\s*\)/g },
] as const

/**
 * Every import in the JavaScript files under a package folder's `dist/`, file by file in name order,
 * with the file's path relative to the package folder.
 *
 * @example
 * const lazy = (await listBuiltImports('node_modules/@satchel/react')).filter((i) => i.kind === 'dynamic')
 */
export async function listBuiltImports(dir: string): Promise<BuiltImport[]> {
  const entries = await readdir(join(dir, 'dist'), { withFileTypes: true, recursive: true })
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
  const found: BuiltImport[] = []
  for (const file of files) {
    const code = await readFile(file, 'utf8')
    const seen = new Set<string>()
    for (const { kind, pattern } of PATTERNS) {
      for (const [, specifier] of code.matchAll(pattern)) {
        if (!specifier || seen.has(`${kind}:${specifier}`)) continue
        seen.add(`${kind}:${specifier}`)
        found.push({ file: relative(dir, file), specifier, kind })
      }
    }
  }
  return found
}
