import { fileURLToPath } from 'node:url'

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The packages people install, in dependency order (each one's workspace dependencies come first). */
export const PUBLISHED_PACKAGES = [
  { name: '@satchel/core', dir: 'packages/core' },
  { name: '@satchel/react', dir: 'packages/react' },
  { name: '@satchel/server', dir: 'packages/server' },
  { name: '@satchel/node', dir: 'packages/node' },
] as const

export type PublishedPackageName = (typeof PUBLISHED_PACKAGES)[number]['name']
