import canonicalize from 'canonicalize'
import { describe, expect, it } from 'vitest'
import vectors from '../../core/test-vectors/canonical-json.json'
import {
  buildAuthorizationPayload,
  serializeAuthorizationPayload,
} from '../src/identity/signedRequests/authorizationSignature'

// The same RFC 8785 vectors the SDK's own canonicalize is checked with (packages/react): a signature
// made in the browser verifies here only if both sides write the same bytes.
describe('the server canonical JSON against the shared vectors', () => {
  it.each(vectors.vectors)('$name', ({ input, canonical }) => {
    expect(canonicalize(JSON.parse(input))).toBe(canonical)
  })

  it.each(vectors.refused.vectors)('refuses $name', ({ input }) => {
    expect(() => canonicalize(JSON.parse(input))).toThrow('Lone surrogate is not allowed')
  })

  it('serialises a signed request as the SDK signs it', () => {
    const { request, canonical } = vectors.signaturePayload
    const payload = buildAuthorizationPayload({ ...request, expiry: String(request.expiry) })
    expect(new TextDecoder().decode(serializeAuthorizationPayload(payload))).toBe(canonical)
  })
})
