import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { createCookie, type Cookie, type CookieOptions } from 'react-router'
import { getDb } from './db.server'
import { dataDir, getEnv } from './env.server'
import { singleton } from './singleton.server'

// The app's cookies (the session, the known browser) are signed with one
// secret (HMAC; a tampered cookie is dropped before any query), HttpOnly (no
// script reads them) and SameSite=Lax (no cross-site post carries them).
// Over https (PUBLIC_ORIGIN) they are `Secure` and named with the `__Host-`
// prefix, which browsers only accept from this exact origin, over https, for
// the whole site.

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

/**
 * A signed cookie named `names.plain` (`names.https` over https), made once
 * for the current settings — and made again when they change, as they do
 * between test files.
 */
export function signedCookie(
  names: { plain: string; https: `__Host-${string}` },
  options: Omit<CookieOptions, 'secrets' | 'secure' | 'httpOnly' | 'sameSite' | 'path'> = {},
): () => Promise<Cookie> {
  return () => {
    const env = getEnv()
    const settings = [env.PUBLIC_ORIGIN, env.SESSION_SECRET, env.DATABASE_URL ?? dataDir()].join(
      '|',
    )
    const holder = singleton(`cookie:${names.plain}`, () => ({
      settings: '',
      cookie: undefined as Promise<Cookie> | undefined,
    }))
    if (!holder.cookie || holder.settings !== settings) {
      holder.settings = settings
      const secure = servedOverHttps()
      holder.cookie = resolveSecret().then((secret) =>
        createCookie(secure ? names.https : names.plain, {
          ...options,
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          secure,
          secrets: [secret],
        }),
      )
    }
    return holder.cookie
  }
}
