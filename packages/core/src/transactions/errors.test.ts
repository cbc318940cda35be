import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/BaseError'
import { InvalidTransactionError, UnsupportedTransactionTypeError } from './errors'

describe('transaction errors', () => {
  it('renders the spec message for an unsupported type and keeps the type sent', () => {
    const error = new UnsupportedTransactionTypeError('0x3')
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe('UnsupportedTransactionTypeError')
    expect(error.transactionType).toBe('0x3')
    expect(error.message).toMatchInlineSnapshot(`"Unsupported transaction type"`)
  })

  it('names the offending field', () => {
    const error = new InvalidTransactionError('gasPrice', 'gasPrice is not allowed on an eip1559 transaction')
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe('InvalidTransactionError')
    expect(error.field).toBe('gasPrice')
    expect(error.message).toMatchInlineSnapshot(`"gasPrice is not allowed on an eip1559 transaction"`)
  })
})
