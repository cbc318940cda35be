import type { FastifyInstance } from 'fastify'
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client'
import type { ServerContext } from '../../identity/context'

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on `/readyz` answers 503, so a load balancer sends nothing new (SIGTERM's first step). */
    satchelDrain(): void
  }
}

/** One readiness check may take this long before it counts as failed. */
const READINESS_CHECK_TIMEOUT_MS = 1_000

/**
 * `/healthz` (the process and its database answer), `/readyz` (the database and the shared store
 * answer and the server is not draining: what a load balancer's check asks; a vault that does not
 * answer is named as `degraded`, not failing) and Prometheus
 * `/metrics`: requests by route and status, and their
 * latency. Each app instance has its own registry, so tests can build several servers in one process.
 *
 * `/metrics` is the `operator` guard's (a token when `METRICS_TOKEN` is set) and exists in production
 * only with that token.
 */
export function registerSystemRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'satchel_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'satchel_http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  })

  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL: ids and query strings would explode the label space.
    const route = request.routeOptions.url ?? 'unmatched'
    requests.inc({ method: request.method, route, status: reply.statusCode })
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000)
    done()
  })

  app.get('/healthz', { schema: { hide: true }, config: { guard: 'none' } }, async (_request, reply) => {
    try {
      await ctx.db.query('select 1')
      return { status: 'ok' }
    } catch {
      return reply.status(503).send({ status: 'unavailable' })
    }
  })

  let draining = false
  app.decorate('satchelDrain', () => {
    draining = true
  })
  app.get('/readyz', { schema: { hide: true }, config: { guard: 'none' } }, async (_request, reply) => {
    if (draining) return reply.status(503).send({ status: 'draining' })
    // The vault is every instance's alike: if readiness hung on it, a vault outage would take every
    // instance out of the balancer, and sign-ins, refreshes and reads with them, though only signing
    // and key work need it (those answer 503 `service_unavailable` meanwhile). So it is reported, not failed.
    const [failing, degraded] = await Promise.all([
      unanswered({ database: () => ctx.db.query('select 1'), kv: () => ctx.kv.ping() }),
      unanswered({ vault: () => ctx.vault.ping() }),
    ])
    if (failing.length > 0) return reply.status(503).send({ status: 'unavailable', failing })
    return degraded.length > 0 ? { status: 'ready', degraded } : { status: 'ready' }
  })

  if (ctx.config.metricsToken !== undefined || ctx.config.env !== 'production')
    app.get('/metrics', { schema: { hide: true }, config: { guard: 'metrics' } }, async (_request, reply) => {
      reply.header('content-type', registry.contentType)
      return registry.metrics()
    })

  app.get('/api/v1/openapi.json', { schema: { hide: true }, config: { guard: 'none' } }, async () =>
    app.swagger(),
  )
}

/** The names of the checks that do not answer, each run at once with its own timeout. */
async function unanswered(checks: Record<string, () => Promise<unknown>>): Promise<string[]> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => ((await answers(check)) ? undefined : name)),
  )
  return results.filter((name) => name !== undefined)
}

/** True when `check` settles successfully within {@link READINESS_CHECK_TIMEOUT_MS}. */
async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_CHECK_TIMEOUT_MS)
  })
  try {
    return await Promise.race([
      check().then(
        () => true,
        () => false,
      ),
      timeout,
    ])
  } finally {
    clearTimeout(timer)
  }
}
