import { BaseError } from '../errors/BaseError'

/**
 * The transaction type is one Satchel does not sign (3, 4 or anything unknown).
 *
 * @example
 * throw new UnsupportedTransactionTypeError('eip4844')
 */
export class UnsupportedTransactionTypeError extends BaseError {
  override name = 'UnsupportedTransactionTypeError'
  /** The type as the caller sent it. */
  readonly transactionType: unknown

  constructor(transactionType: unknown) {
    super('Unsupported transaction type')
    this.transactionType = transactionType
  }
}

/**
 * A field of the transaction is malformed or does not fit its type; the message names the field.
 *
 * @example
 * throw new InvalidTransactionError('to', 'to is not a valid address')
 */
export class InvalidTransactionError extends BaseError {
  override name = 'InvalidTransactionError'
  /** The offending input field, for a form or an `invalid_data` answer. */
  readonly field: string

  constructor(field: string, message: string) {
    super(message)
    this.field = field
  }
}
