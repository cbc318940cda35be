// better-auth 1.x with its email OTP plugin, served by a small Node HTTP server: the comparison side of
// bench/login. PostgreSQL through better-auth's built-in Kysely adapter (a pg Pool), Redis as secondary
// storage through ioredis (sessions and verification values live in Redis, users and accounts in PostgreSQL).
// Env: DATABASE_URL, REDIS_URL, REDIS_PREFIX, PORT. GET /dev/otp?email= answers the last code sent to an
// address (the dev channel the load generator reads, like Satchel's dev outbox); it is not timed.
import { createServer } from 'node:http'
import { betterAuth } from 'better-auth'
import { getMigrations } from 'better-auth/db/migration'
import { toNodeHandler } from 'better-auth/node'
import { emailOTP } from 'better-auth/plugins/email-otp'
import { Redis } from 'ioredis'
import pg from 'pg'

const port = Number(process.env.PORT)
const baseURL = `http://127.0.0.1:${port}`
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
  keyPrefix: process.env.REDIS_PREFIX ?? 'bench-better-auth:',
})
const codes = new Map<string, string>()

const options = {
  baseURL,
  secret: process.env.BETTER_AUTH_SECRET ?? 'bench-secret-bench-secret-bench-secret',
  database: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }),
  secondaryStorage: {
    get: (key: string) => redis.get(key),
    getAndDelete: (key: string) => redis.getdel(key),
    increment: async (key: string, ttl: number) => {
      const [[, value] = []] = (await redis.multi().incr(key).expire(key, ttl, 'NX').exec()) ?? []
      return Number(value)
    },
    set: async (key: string, value: string, ttl?: number) => {
      if (ttl) await redis.set(key, value, 'EX', ttl)
      else await redis.set(key, value)
    },
    delete: async (key: string) => {
      await redis.del(key)
    },
  },
  // Satchel's side runs with its rate limits scaled out of the way (RATE_LIMIT_SCALE); the same here.
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
  plugins: [
    emailOTP({
      async sendVerificationOTP({ email, otp }) {
        codes.set(email, otp)
      },
    }),
  ],
} satisfies Parameters<typeof betterAuth>[0]

const { runMigrations } = await getMigrations(options)
await runMigrations()
const auth = betterAuth(options)
const handler = toNodeHandler(auth)

createServer((req, res) => {
  const url = new URL(req.url ?? '/', baseURL)
  if (url.pathname === '/dev/otp') {
    const email = url.searchParams.get('email') ?? ''
    const code = codes.get(email)
    codes.delete(email)
    res.writeHead(code ? 200 : 404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ code: code ?? null }))
    return
  }
  if (url.pathname === '/healthz') {
    res.end('ok')
    return
  }
  void handler(req, res)
}).listen(port, '127.0.0.1')
