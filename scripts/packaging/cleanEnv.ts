/**
 * The environment of a person's shell, for commands run outside the repository: without what npm,
 * vitest and tsx set for the workspace (`npm_*` config such as the workspace's prefix, `NODE_OPTIONS`,
 * `NODE_ENV=test`, `VITEST*`), which would otherwise leak into the installs and builds being checked.
 *
 * @example
 * await run('npm', ['install'], { cwd, env: cleanEnv({ NEXT_TELEMETRY_DISABLED: '1' }) })
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    const workspaceOnly =
      /^npm_/i.test(name) ||
      /^VITEST/.test(name) ||
      ['NODE_OPTIONS', 'NODE_ENV', 'TEST', 'INIT_CWD', 'TSX_TSCONFIG_PATH', 'FORCE_COLOR'].includes(name)
    if (!workspaceOnly) env[name] = value
  }
  return { ...env, NO_COLOR: '1', ...extra }
}
