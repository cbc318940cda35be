/** A configuration problem, always naming the variable so an operator knows what to fix. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}
