export type BaseErrorParameters = {
  /** Extra lines shown under the short message (never a secret). */
  details?: string | undefined
  /** Path under the docs site that explains the error. */
  docsPath?: string | undefined
  cause?: unknown
}

/**
 * The one error class every Satchel error extends: a short message for people, optional detail
 * lines, the cause, and where the docs explain it.
 *
 * @example
 * throw new BaseError('Unknown chain', { details: 'Chain id 5 is not configured.' })
 */
export class BaseError extends Error {
  override name = 'SatchelError'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly docsPath: string | undefined

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const lines = [shortMessage]
    if (parameters.details) lines.push('', `Details: ${parameters.details}`)
    if (parameters.docsPath) lines.push(`Docs: https://satchel.dev/docs${parameters.docsPath}`)
    super(lines.join('\n'), parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = parameters.details
    this.docsPath = parameters.docsPath
  }
}
