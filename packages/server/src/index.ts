// @satchel/server: the API server, for operators who embed it in their own process.
export { type BuildAppOptions, buildApp, type SatchelServer } from './buildApp'
export { type Config, ConfigError, loadConfig } from './config/loadConfig'
export type { ServerContext } from './context'
export { createDatabase, type Database, type Db } from './db/createDatabase'
export { migrate } from './db/migrate'
