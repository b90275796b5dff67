import path from 'node:path'
import proxyaddr from 'proxy-addr'
import { z } from 'zod'
import { singleton } from './singleton.server'

// Read once, validated once: every server module asks here instead of process.env.
const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'))

const optionalFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'))

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)

/**
 * Which proxies in front may tell us the client's address (X-Forwarded-For):
 * none (unset, `false`, `0`), the number of proxies in front (`1` for one
 * nginx), or their addresses (`127.0.0.1,10.0.0.0/8`, or `loopback`).
 * Never "trust everything": then any client could choose its own address.
 */
export type TrustProxy = false | number | string[]

const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const v = (value ?? '').trim()
    if (v === '' || v === 'false' || v === '0') return false
    if (/^\d+$/.test(v)) return Number(v)
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would let any client choose its address; give the number of proxies in front (1) or their addresses',
      })
      return z.NEVER
    }
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    try {
      proxyaddr.compile(list)
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: ${(error as Error).message}` })
      return z.NEVER
    }
    return list
  })

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  HOTEL_TIMEZONE: z
    .string()
    .default('America/New_York')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz })
        return true
      } catch {
        return false
      }
    }, 'HOTEL_TIMEZONE must be an IANA time zone name'),
  SESSION_SECRET: z.string().min(16).optional(),
  // Unset: on for the embedded database outside production (the newcomer's
  // `npm start`), off with DATABASE_URL or NODE_ENV=production.
  DEMO_MODE: optionalFlag,
  PUBLIC_ORIGIN: z.string().url().optional(),
  TRUST_PROXY: trustProxy,
  // Rate limits; tests and load runs, which come from one address, raise them.
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: positiveInt(100), // per 15 minutes
  RATE_LIMIT_LOGINS_PER_IP: positiveInt(30), // every login try, per minute
  RATE_LIMIT_SIGNUPS_PER_IP: positiveInt(10), // per hour
  RATE_LIMIT_REVIEWS_PER_USER: positiveInt(10), // per hour
  RATE_LIMIT_PASSWORD_RESETS_PER_IP: positiveInt(20), // reset mails asked for, per hour
  RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL: positiveInt(5), // per address asked about, per hour
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag(true),
  S3_PUBLIC_URL: z.string().url().optional(),
  // Mail: smtp://user:pass@host:port or smtps://…; unset, messages wait in the
  // outbox (outside production, readable at /admin/outbox).
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^smtps?:\/\//.test(v), 'SMTP_URL must start with smtp:// or smtps://'),
  MAIL_FROM: z.string().default('Whiskers & Wags <hello@whiskers-and-wags.test>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Test-only: pins the server's clock ("2026-03-08T14:00:00Z"). Refused in production.
  FIXED_NOW: z.string().optional(),
})

export type Env = Omit<z.infer<typeof schema>, 'DEMO_MODE'> & { DEMO_MODE: boolean }

// Once per process: the server bundle and the test runner each load this
// module, and a test that changes the environment must reach both.
const cache = singleton('env', () => ({ env: undefined as Env | undefined }))

export function getEnv(): Env {
  if (cache.env) return cache.env
  const parsed = schema.safeParse(process.env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${problems.join('\n')}`)
  }
  const env = parsed.data
  if (env.FIXED_NOW && env.NODE_ENV === 'production') {
    throw new Error('FIXED_NOW is for tests only and cannot be set in production')
  }
  // Demo accounts share a published password: a default only where nobody
  // else can reach them (the embedded database, not production).
  const demoByDefault = !env.DATABASE_URL && env.NODE_ENV !== 'production'
  cache.env = { ...env, DEMO_MODE: env.DEMO_MODE ?? demoByDefault }
  return cache.env
}

/** Tests change the environment between files; they call this to re-read it. */
export function resetEnvCache() {
  cache.env = undefined
}

export function dataDir() {
  return path.resolve(getEnv().DATA_DIR)
}

/**
 * Where links in mail point when no request says so (scheduled mail, a place
 * freed by the maintenance job): PUBLIC_ORIGIN, else this server on localhost.
 */
export function mailOrigin() {
  const env = getEnv()
  return env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : `http://localhost:${env.PORT}`
}
