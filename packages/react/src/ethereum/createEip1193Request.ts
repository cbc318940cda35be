import { InvalidParamsError } from '@satchel/core'
import type { Eip1193RequestArguments, Eip1193ReturnType } from './eip1193Methods'

/** An EIP-1193 `request`, typed by the method table. */
export type Eip1193Request = <method extends string>(
  arguments_: Eip1193RequestArguments<method>,
) => Promise<Eip1193ReturnType<method>>

/**
 * The `request` of an EIP-1193 provider around its method handler: the method must be a string,
 * the params become a list (absent: none; one object: a list of it), and anything thrown becomes
 * the provider's RPC error class, so every provider of the SDK answers a caller alike.
 *
 * @example
 * const request = createEip1193Request(handle, toProviderRpcError)
 */
export function createEip1193Request(
  handle: (method: string, params: unknown[]) => Promise<unknown>,
  toRpcError: (error: unknown) => Error,
): Eip1193Request {
  function request<method extends string>(
    arguments_: Eip1193RequestArguments<method>,
  ): Promise<Eip1193ReturnType<method>>
  async function request({ method, params }: { method: unknown; params?: unknown }): Promise<unknown> {
    try {
      if (typeof method !== 'string') throw new InvalidParamsError({ details: 'method must be a string.' })
      return await handle(method, Array.isArray(params) ? params : params === undefined ? [] : [params])
    } catch (error) {
      throw toRpcError(error)
    }
  }
  return request
}
