// @satchel/server: the API server, for operators who embed it in their own process.
export { type BuildAppOptions, buildApp, type SatchelServer } from './buildApp'
export type { ServerContext } from './identity/context'
export { type Config, ConfigError, loadConfig } from './platform/config/loadConfig'
export { createDatabase, type Database, type Db } from './platform/db/createDatabase'
export { migrate } from './platform/db/migrate'
