import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { createCookieSessionStorage, type SessionStorage } from 'react-router'
import { getDb } from './db.server'
import { dataDir, getEnv } from './env.server'
import { singleton } from './singleton.server'

type SessionData = { userId: number }
type SessionFlash = { flash: string }

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

const storagePromise = () =>
  singleton('sessionStorage', () =>
    resolveSecret().then((secret) =>
      createCookieSessionStorage<SessionData, SessionFlash>({
        cookie: {
          name: '__session',
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          secrets: [secret],
          maxAge: 60 * 60 * 24 * 30,
        },
      }),
    ),
  )

export async function sessionStorage(): Promise<SessionStorage<SessionData, SessionFlash>> {
  return storagePromise()
}

export async function getSession(request: Request) {
  return (await sessionStorage()).getSession(request.headers.get('Cookie'))
}

const isHttps = (request: Request) => new URL(request.url).protocol === 'https:'

/** Set-Cookie for a session that now belongs to `userId`. */
export async function commitUserSession(request: Request, userId: number) {
  const storage = await sessionStorage()
  const session = await storage.getSession(request.headers.get('Cookie'))
  session.set('userId', userId)
  return storage.commitSession(session, { secure: isHttps(request) })
}

export async function commitSession(
  request: Request,
  session: Awaited<ReturnType<typeof getSession>>,
) {
  return (await sessionStorage()).commitSession(session, { secure: isHttps(request) })
}

/** Set-Cookie that clears the session. */
export async function destroySession(request: Request) {
  const storage = await sessionStorage()
  const session = await storage.getSession(request.headers.get('Cookie'))
  return storage.destroySession(session, { secure: isHttps(request) })
}
