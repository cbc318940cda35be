import { useSyncExternalStore } from 'react'
import { subscribeToLocation } from './navigate'

export type AppLocation = { pathname: string; search: URLSearchParams }

let cached: { key: string; value: AppLocation } | undefined

function getSnapshot(): AppLocation {
  const key = `${location.pathname}${location.search}`
  // The same object while the location stays the same, as useSyncExternalStore requires.
  if (cached?.key !== key)
    cached = { key, value: { pathname: location.pathname, search: new URLSearchParams(location.search) } }
  return cached.value
}

/**
 * The current path and query, re-rendering on every navigation.
 *
 * @example
 * const { pathname, search } = useLocation()
 */
export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribeToLocation, getSnapshot)
}
