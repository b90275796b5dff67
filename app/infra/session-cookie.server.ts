import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { createCookie, type Cookie } from 'react-router'
import { getDb } from './db.server'
import { dataDir, getEnv } from './env.server'
import { singleton } from './singleton.server'

// The session cookie carries one thing: the session's random token, signed
// (HMAC with SESSION_SECRET) so a tampered cookie is dropped before any query.
// Over https (PUBLIC_ORIGIN) it is `Secure` and named `__Host-session`, which
// browsers only accept from this exact origin, over https, for the whole site.
// HttpOnly (no script reads it) and SameSite=Lax (no cross-site posts carry it).

/**
 * The signing secret: SESSION_SECRET when set; otherwise one generated once and
 * kept under DATA_DIR (embedded database) or in the database itself (so every
 * app server behind a load balancer signs with the same one).
 */
async function resolveSecret(): Promise<string> {
  const env = getEnv()
  if (env.SESSION_SECRET) return env.SESSION_SECRET
  if (env.NODE_ENV === 'production' && env.DATABASE_URL) {
    throw new Error('SESSION_SECRET must be set in production')
  }
  if (!env.DATABASE_URL) {
    const file = path.join(dataDir(), 'session-secret')
    try {
      return fs.readFileSync(file, 'utf8').trim()
    } catch {
      const secret = crypto.randomBytes(32).toString('hex')
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
      return fs.readFileSync(file, 'utf8').trim()
    }
  }
  const db = await getDb()
  await db('app_meta')
    .insert({ key: 'session_secret', value: crypto.randomBytes(32).toString('hex') })
    .onConflict('key')
    .ignore()
  const row = await db('app_meta').where({ key: 'session_secret' }).first()
  return row.value as string
}

/** True when the app is served over https (PUBLIC_ORIGIN says so). */
export function servedOverHttps(): boolean {
  const origin = getEnv().PUBLIC_ORIGIN
  return !!origin && new URL(origin).protocol === 'https:'
}

async function createSessionCookie(): Promise<Cookie> {
  const secure = servedOverHttps()
  return createCookie(secure ? '__Host-session' : '__session', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    secrets: [await resolveSecret()],
  })
}

/** The cookie for the current settings (re-made when they change, as they do between test files). */
function cookie(): Promise<Cookie> {
  const env = getEnv()
  const signature = [env.PUBLIC_ORIGIN, env.SESSION_SECRET, env.DATABASE_URL ?? dataDir()].join('|')
  const holder = singleton('sessionCookie', () => ({
    signature: '',
    cookie: undefined as Promise<Cookie> | undefined,
  }))
  if (!holder.cookie || holder.signature !== signature) {
    holder.signature = signature
    holder.cookie = createSessionCookie()
  }
  return holder.cookie
}

/** The session token a request's cookie carries (signature checked), or null. */
export async function readSessionToken(request: Request): Promise<string | null> {
  const header = request.headers.get('Cookie')
  if (!header) return null
  const value = await (await cookie()).parse(header)
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null
}

/** Set-Cookie that hands the browser a session token until `expires`. */
export async function sessionCookieHeader(token: string, expires: Date): Promise<string> {
  return (await cookie()).serialize(token, { expires })
}

/** Set-Cookie that removes the session cookie. */
export async function clearSessionCookieHeader(): Promise<string> {
  return (await cookie()).serialize('', { expires: new Date(0), maxAge: 0 })
}
