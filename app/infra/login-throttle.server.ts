import pg from 'pg'
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import { getEnv } from './env.server'
import { clearSingleton, replaceSingleton, singleton } from './singleton.server'

// Failed logins per (email, client address): 10 within 15 minutes, then 429.
// On a PostgreSQL server the count lives in the database, so it holds across
// app instances; the embedded database has one process, so memory suffices.
const POINTS = 10
const DURATION_SECONDS = 15 * 60

function createLimiter(): RateLimiterAbstract {
  const env = getEnv()
  const options = { points: POINTS, duration: DURATION_SECONDS, keyPrefix: 'login' }
  if (!env.DATABASE_URL) return new RateLimiterMemory(options)
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 })
  // An idle connection dropped by the server must not crash the process.
  pool.on('error', () => {})
  replaceSingleton('loginLimiterPool', pool)
  return new RateLimiterPostgres({
    ...options,
    storeClient: pool,
    tableName: 'login_rate_limits',
    tableCreated: true,
    clearExpiredByTimeout: false,
  })
}

const limiter = () => singleton('loginLimiter', createLimiter)

const keyFor = (email: string, ip: string) => `${email.trim().toLowerCase()}|${ip}`

/** Seconds to wait before another attempt, or 0 when one is allowed. */
export async function loginRetryAfter(email: string, ip: string): Promise<number> {
  const res = await limiter().get(keyFor(email, ip))
  if (res && res.consumedPoints >= POINTS) return Math.max(1, Math.ceil(res.msBeforeNext / 1000))
  return 0
}

export async function recordFailedLogin(email: string, ip: string) {
  try {
    await limiter().consume(keyFor(email, ip))
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error
  }
}

/** Closes the PostgreSQL store's connections (shutdown, tests). */
export async function closeLoginThrottle() {
  const store = globalThis as unknown as { __petHotel?: Record<string, unknown> }
  const pool = store.__petHotel?.loginLimiterPool as pg.Pool | undefined
  clearSingleton('loginLimiter')
  clearSingleton('loginLimiterPool')
  await pool?.end()
}
