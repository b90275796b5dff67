import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { parse as parseCookie, serialize as serializeCookie } from 'cookie'
import signature from 'cookie-signature'
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

export type SignedCookie = {
  /** The cookie's value from a Cookie header when its signature holds, else null. */
  parse(header: string | null | undefined): Promise<string | null>
  /** Set-Cookie for `value`, signed (an empty value with `maxAge: 0` removes it). */
  serialize(value: string, options?: { expires?: Date; maxAge?: number }): Promise<string>
}

/**
 * A signed cookie named `names.plain` (`names.https` over https). The value
 * is sent as `value.signature` (HMAC-SHA256, cookie-signature, checked in
 * constant time) — signed with Node's own crypto, synchronously: React
 * Router's createCookie imports a WebCrypto key for every cookie it reads,
 * which cost a tenth of a logged-in request.
 */
export function signedCookie(
  names: { plain: string; https: `__Host-${string}` },
  defaults: { maxAge?: number } = {},
): SignedCookie {
  const settings = () => {
    const env = getEnv()
    const key = [env.PUBLIC_ORIGIN, env.SESSION_SECRET, env.DATABASE_URL ?? dataDir()].join('|')
    // Made again when the settings change, as they do between test files.
    const holder = singleton(`cookie:${names.plain}`, () => ({
      key: '',
      secret: undefined as Promise<string> | undefined,
    }))
    if (!holder.secret || holder.key !== key) {
      holder.key = key
      holder.secret = resolveSecret()
    }
    const secure = servedOverHttps()
    return { secret: holder.secret, secure, name: secure ? names.https : names.plain }
  }
  return {
    async parse(header) {
      if (!header) return null
      const { secret, name } = settings()
      const signed = parseCookie(header)[name]
      if (!signed) return null
      const value = signature.unsign(signed, await secret)
      return value === false ? null : value
    },
    async serialize(value, options = {}) {
      const { secret, secure, name } = settings()
      return serializeCookie(name, value ? signature.sign(value, await secret) : '', {
        maxAge: defaults.maxAge,
        ...options,
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure,
      })
    },
  }
}
