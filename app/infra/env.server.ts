import path from 'node:path'
import { z } from 'zod'

// Read once, validated once: every server module asks here instead of process.env.
const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'))

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
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
  DEMO_MODE: booleanFlag(true),
  PUBLIC_ORIGIN: z.string().url().optional(),
  TRUST_PROXY: booleanFlag(false),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag(true),
  S3_PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Test-only: pins the server's clock ("2026-03-08T14:00:00Z"). Refused in production.
  FIXED_NOW: z.string().optional(),
})

export type Env = z.infer<typeof schema>

let cached: Env | undefined

export function getEnv(): Env {
  if (cached) return cached
  const parsed = schema.safeParse(process.env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${problems.join('\n')}`)
  }
  if (parsed.data.FIXED_NOW && parsed.data.NODE_ENV === 'production') {
    throw new Error('FIXED_NOW is for tests only and cannot be set in production')
  }
  cached = parsed.data
  return cached
}

/** Tests change the environment between files; they call this to re-read it. */
export function resetEnvCache() {
  cached = undefined
}

export function dataDir() {
  return path.resolve(getEnv().DATA_DIR)
}
