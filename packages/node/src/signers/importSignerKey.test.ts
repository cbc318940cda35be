import { ApiError } from '@satchel/core/errors'
import { expect, it } from 'vitest'
import { createSignerKey } from './createSignerKey'
import { importSignerKey } from './importSignerKey'

it('imports a private key made by createSignerKey, once per key object', async () => {
  const { privateKey } = await createSignerKey()
  const key = await importSignerKey(privateKey)
  expect(key.type).toBe('private')
  expect(key.usages).toEqual(['sign'])
  expect(await importSignerKey(privateKey)).toBe(key)
})

it('refuses a public key or garbage as invalid_data, without repeating what it was given', async () => {
  const { publicKey, privateKey } = await createSignerKey()
  for (const given of [publicKey, { ...privateKey, crv: 'P-384' }, 'not a key', null]) {
    const error = await importSignerKey(given).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'invalid_data' })
    expect(String(error)).not.toContain(privateKey.d)
  }
})
