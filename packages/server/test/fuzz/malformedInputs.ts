import type { Prng } from './createPrng'

/** JSON text spliced in as is: what `JSON.stringify` cannot write (`1e400`, 10,000 levels of nesting). */
export class RawJson {
  constructor(readonly text: string) {}
}

const deepArray = (levels: number) => new RawJson(`${'['.repeat(levels)}${']'.repeat(levels)}`)
const deepObject = (levels: number) => new RawJson(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`)

/** Values that have broken servers: NUL, lone surrogates, huge and odd numbers, nesting, long text. */
export const evilValues: readonly unknown[] = [
  '\u0000',
  'eip155:1\u0000',
  '\ud800',
  'a\udc00b',
  'ok\ud83d',
  '',
  ' ',
  'x'.repeat(5000),
  'x'.repeat(120_000),
  '0x',
  `0x${'f'.repeat(2000)}`,
  '%00',
  '../../etc/passwd',
  '\u202e\ufeff😀',
  '{{7*7}}',
  "'; drop table users; --",
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('1e-400'),
  new RawJson('123456789012345678901234567890'),
  2 ** 64,
  -1,
  0,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  false,
  null,
  [],
  {},
  [[[[[]]]]],
  { '\u0000': 1 },
  { '\ud800': 'x' },
  new RawJson('{"__proto__":{"polluted":true}}'),
  new RawJson('{"constructor":{"prototype":{"polluted":true}}}'),
  deepArray(40),
  deepObject(40),
  deepArray(5000),
  deepObject(5000),
]

/** Whole bodies that are not what any route expects. */
export const evilBodies: readonly RawJson[] = [
  new RawJson(''),
  new RawJson('null'),
  new RawJson('[]'),
  new RawJson('"text"'),
  new RawJson('12'),
  new RawJson('{"a":'),
  new RawJson('nul'),
  new RawJson('{"a":"\\u0000"}'),
  new RawJson('{"\\u0000":"a"}'),
  new RawJson('{"a":"\\ud800"}'),
  new RawJson('{"a":1e400}'),
  deepArray(20_000),
  deepObject(20_000),
  new RawJson(`{"a":"${'x'.repeat(200_000)}"}`),
]

/**
 * `value` with one node (the whole value, a property, an item) replaced by an evil value, a value of
 * another type, or removed; objects may also gain an unexpected property.
 *
 * @example
 * mutateValue({ email: 'a@b.c' }, random) // e.g. { email: '\u0000' } or { email: 1e400 } or {}
 */
export function mutateValue(value: unknown, random: Prng): unknown {
  const paths = collectPaths(value, [])
  const path = random.pick(paths)
  const replacement = random.chance(0.8) ? random.pick(evilValues) : undefined
  return replaceAt(value, path, replacement, random)
}

function collectPaths(value: unknown, at: Array<string | number>): Array<Array<string | number>> {
  const paths: Array<Array<string | number>> = [at]
  if (Array.isArray(value))
    for (const [i, item] of value.entries()) paths.push(...collectPaths(item, [...at, i]))
  else if (typeof value === 'object' && value !== null && !(value instanceof RawJson))
    for (const [key, item] of Object.entries(value)) paths.push(...collectPaths(item, [...at, key]))
  return paths
}

function replaceAt(
  value: unknown,
  path: Array<string | number>,
  replacement: unknown,
  random: Prng,
): unknown {
  const [head, ...rest] = path
  if (head === undefined) {
    if (replacement !== undefined) return replacement
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return { ...value, [random.pick(['__proto__', 'extra', 'constructor'])]: random.pick(evilValues) }
    return random.pick(evilValues)
  }
  if (Array.isArray(value) && typeof head === 'number') {
    const copy = [...value]
    copy[head] = replaceAt(value[head], rest, replacement, random)
    return copy
  }
  if (typeof value === 'object' && value !== null && typeof head === 'string') {
    const copy: Record<string, unknown> = { ...value }
    if (rest.length === 0 && replacement === undefined && random.chance(0.5)) delete copy[head]
    else copy[head] = replaceAt(copy[head], rest, replacement, random)
    return copy
  }
  return value
}

/**
 * JSON text of a value that may hold {@link RawJson} pieces, spliced in verbatim.
 *
 * @example
 * toJsonText({ n: new RawJson('1e400') }) // '{"n":1e400}'
 */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text
  const raws: string[] = []
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) {
      raws.push(item.text)
      return `\u0001raw${raws.length - 1}\u0001`
    }
    return item
  })
  return (text ?? 'null').replace(
    /"\\u0001raw(\d+)\\u0001"/g,
    (_match, index: string) => raws[Number(index)] ?? '',
  )
}
