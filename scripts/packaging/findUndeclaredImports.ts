import { readFile } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { listBuiltImports } from './listBuiltImports'

export type UndeclaredImport = { file: string; specifier: string }

export type FindUndeclaredImportsParameters = {
  /** A package folder: its package.json and its built `dist/`. */
  dir: string
  /** Whether `node:` built-ins may be imported (a server package); a browser or edge package may not. */
  allowBuiltins: boolean
}

const builtins = new Set(builtinModules)

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier)
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
  for (const { file, specifier } of await listBuiltImports(dir)) {
    if (specifier.startsWith('.') || specifier.startsWith('/')) continue
    const builtin = specifier.startsWith('node:') || builtins.has(packageOf(specifier))
    const ok = builtin ? allowBuiltins : declared.has(packageOf(specifier))
    if (!ok && !found.some((seen) => seen.file === file && seen.specifier === specifier))
      found.push({ file, specifier })
  }
  return found
}
