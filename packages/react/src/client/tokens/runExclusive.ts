const inTab = new Map<string, Promise<unknown>>()

function lockManager(): LockManager | undefined {
  // Typed as always present, but absent in Node and in older browsers.
  return typeof navigator === 'undefined' ? undefined : (navigator.locks ?? undefined)
}

/**
 * Runs `fn` while holding the lock `name`: across every tab of the origin with the Web Locks API,
 * within this tab otherwise. Callers queue; each runs after the previous one settles.
 *
 * @example
 * await runExclusive('satchel:app_1:refresh', () => refreshTokens())
 */
export async function runExclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = lockManager()
  if (locks) return await locks.request(name, fn)
  const previous = inTab.get(name) ?? Promise.resolve()
  const run = previous.then(fn, fn)
  const settled = run.then(
    () => undefined,
    () => undefined,
  )
  inTab.set(name, settled)
  void settled.then(() => {
    if (inTab.get(name) === settled) inTab.delete(name)
  })
  return run
}
