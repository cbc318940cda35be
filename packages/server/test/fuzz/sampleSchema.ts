import type { Prng } from './createPrng'

/** Realistic values by property or parameter name, for fields a JSON Schema alone cannot fill well. */
export type Hints = Record<string, () => unknown>

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const numberOf = (schema: Record<string, unknown>, key: string): number | undefined => {
  const value = schema[key]
  return typeof value === 'number' ? value : undefined
}

/**
 * A value shaped by a JSON Schema (as `@fastify/swagger` publishes a route's zod schema): required
 * properties always, optional ones at random, a branch of each `anyOf`/`oneOf`, strings and numbers
 * within their bounds. Named fields take a hint first, so a valid-shaped request can get past the
 * schema into the route's own code.
 *
 * @example
 * sampleSchema({ type: 'object', properties: { email: { type: 'string' } }, required: ['email'] }, random, hints)
 * // { email: 'fuzz@example.com' }
 */
export function sampleSchema(schema: unknown, random: Prng, hints: Hints, name?: string, depth = 0): unknown {
  const hint = name === undefined ? undefined : hints[name]
  if (hint && random.chance(0.9)) return hint()
  if (!isRecord(schema) || depth > 8) return 'fuzz'
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return random.pick(schema.enum)
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf
  if (Array.isArray(branches) && branches.length > 0)
    return sampleSchema(random.pick(branches), random, hints, name, depth + 1)
  const types: unknown[] = Array.isArray(schema.type)
    ? schema.type.filter((t) => t !== 'null')
    : schema.type === undefined
      ? []
      : [schema.type]
  const type = types.length > 0 ? random.pick(types) : undefined
  if (type === 'object' || (type === undefined && isRecord(schema.properties)))
    return sampleObject(schema, random, hints, depth)
  if (type === 'array') return sampleArray(schema, random, hints, name, depth)
  if (type === 'string') return sampleString(schema, random)
  if (type === 'integer' || type === 'number') return sampleNumber(schema, random, type === 'integer')
  if (type === 'boolean') return random.chance(0.5)
  if (type === 'null') return null
  return random.pick(['fuzz', 1, true, null, { a: 1 }, [1]])
}

function sampleObject(schema: Record<string, unknown>, random: Prng, hints: Hints, depth: number) {
  const out: Record<string, unknown> = {}
  const properties = isRecord(schema.properties) ? schema.properties : {}
  const required = Array.isArray(schema.required) ? schema.required : []
  for (const [key, property] of Object.entries(properties)) {
    if (required.includes(key) || random.chance(0.5))
      out[key] = sampleSchema(property, random, hints, key, depth + 1)
  }
  if (isRecord(schema.additionalProperties) && random.chance(0.5))
    out[`k${random.int(100)}`] = sampleSchema(
      schema.additionalProperties,
      random,
      hints,
      undefined,
      depth + 1,
    )
  return out
}

function sampleArray(
  schema: Record<string, unknown>,
  random: Prng,
  hints: Hints,
  name: string | undefined,
  depth: number,
) {
  if (Array.isArray(schema.prefixItems))
    return schema.prefixItems.map((item) => sampleSchema(item, random, hints, name, depth + 1))
  const min = numberOf(schema, 'minItems') ?? 0
  const max = Math.min(numberOf(schema, 'maxItems') ?? 3, min + 3)
  const count = min + random.int(max - min + 1)
  return Array.from({ length: count }, () => sampleSchema(schema.items, random, hints, name, depth + 1))
}

function sampleString(schema: Record<string, unknown>, random: Prng): string {
  if (schema.format === 'email') return `fuzz${random.int(1000)}@example.com`
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/fuzz'
  const min = numberOf(schema, 'minLength') ?? 0
  const max = numberOf(schema, 'maxLength') ?? 40
  const base = random.pick(['fuzz', '0x1234', '123456', 'eip155:1', 'hello world', 'abc_DEF-123'])
  const text = base.length >= min ? base : base.padEnd(min, 'x')
  return text.slice(0, Math.max(max, min))
}

function sampleNumber(schema: Record<string, unknown>, random: Prng, integer: boolean): number {
  const low = numberOf(schema, 'minimum') ?? (numberOf(schema, 'exclusiveMinimum') ?? -1) + 1
  const high = Math.min(numberOf(schema, 'maximum') ?? low + 100, low + 1000)
  const value = low + random.next() * (high - low)
  return integer ? Math.floor(value) : value
}
