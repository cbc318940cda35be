/**
 * The route for a path: exact match, ignoring one trailing slash; undefined for an unknown path (the
 * shell shows "page not found" rather than silently showing home).
 *
 * @example
 * matchRoute([{ path: '/send' }], '/send/') // { path: '/send' }
 */
export function matchRoute<route extends { path: string }>(
  routes: readonly route[],
  pathname: string,
): route | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return routes.find((route) => route.path === path)
}
