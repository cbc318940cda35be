/** The CBOR values a WebAuthn authenticator writes: integers, byte and text strings, maps. */
export type CborValue = number | bigint | Uint8Array | string | CborMap
export type CborMap = Map<number | string, CborValue> | { [key: string]: CborValue }

/**
 * Encodes a value as deterministic CBOR (RFC 8949 §4.2: shortest heads, map keys in the order given,
 * which the caller keeps canonical). Enough for an attestation object with `fmt: 'none'` and a COSE
 * key, for the software authenticator of the tests; not a general CBOR library.
 *
 * @example
 * encodeCbor(new Map([[1, 2], [3, -7]])) // a2 01 02 03 26
 */
export function encodeCbor(value: CborValue): Uint8Array {
  const out: number[] = []
  write(out, value)
  return Uint8Array.from(out)
}

function head(out: number[], major: number, length: bigint): void {
  const m = major << 5
  if (length < 24n) out.push(m | Number(length))
  else if (length < 0x100n) out.push(m | 24, Number(length))
  else if (length < 0x10000n) out.push(m | 25, ...bytes(length, 2))
  else if (length < 0x100000000n) out.push(m | 26, ...bytes(length, 4))
  else out.push(m | 27, ...bytes(length, 8))
}

function bytes(n: bigint, size: number): number[] {
  return Array.from({ length: size }, (_, i) => Number((n >> BigInt(8 * (size - 1 - i))) & 0xffn))
}

function write(out: number[], value: CborValue): void {
  if (typeof value === 'number' || typeof value === 'bigint') {
    const n = BigInt(value)
    // Major type 0 carries n, major type 1 carries -1 - n.
    if (n >= 0n) head(out, 0, n)
    else head(out, 1, -1n - n)
  } else if (typeof value === 'string') {
    const utf8 = new TextEncoder().encode(value)
    head(out, 3, BigInt(utf8.length))
    out.push(...utf8)
  } else if (value instanceof Uint8Array) {
    head(out, 2, BigInt(value.length))
    out.push(...value)
  } else {
    const entries: Array<[number | string, CborValue]> =
      value instanceof Map ? [...value.entries()] : Object.entries(value)
    head(out, 5, BigInt(entries.length))
    for (const [key, item] of entries) {
      write(out, key)
      write(out, item)
    }
  }
}
