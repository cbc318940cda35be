import { BaseError } from '../errors/BaseError'

/**
 * Thrown when an onramp URL cannot be built or signed from what it was given. The message names
 * the parameter and the rule; it never repeats a key or a token.
 */
export class InvalidOnrampParameterError extends BaseError {
  override name = 'InvalidOnrampParameterError'
  /** The parameter at fault, such as `amount` or `config.publishableKey`. */
  readonly parameter: string

  constructor(parameter: string, rule: string, options: { cause?: unknown } = {}) {
    super(`Invalid onramp parameter ${parameter}: ${rule}`, { cause: options.cause })
    this.parameter = parameter
  }
}

/** Thrown for a provider name that is none of `coinbase`, `moonpay`, `sandbox`: a configuration bug. */
export class UnknownOnrampProviderError extends BaseError {
  override name = 'UnknownOnrampProviderError'

  constructor(provider: string) {
    super(`Unknown onramp provider: ${JSON.stringify(provider)}`, {
      details: 'Known providers: coinbase, moonpay, sandbox.',
    })
  }
}
