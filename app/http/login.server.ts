import { AppError, invalid, rateLimited } from '~/domain/errors'
import type { User } from '~/domain/user'
import { getEnv } from '~/infra/env.server'
import { accountTag, readKnownBrowser } from '~/infra/known-browser-cookie.server'
import {
  clearAttempts,
  enforceRateLimit,
  refundAttempt,
  takeAttempt,
  type RateLimit,
} from '~/models/rate-limit.server'
import { verifyLogin } from '~/models/user.server'
import { loginSchema } from '~/schemas/auth'
import { fieldErrors } from '~/schemas/fields'
import { startSession } from './auth.server'
import { addressKey } from './client-address.server'

// One login for the page and the API. Guessing is slowed on three counts:
//  - per account: after 10 failed passwords within 15 minutes, every further
//    try for that account, from any address, waits — one minute, doubling at
//    each refusal up to 15. Except from a browser that has logged into the
//    account before (its known-browser cookie, app/infra/known-browser-
//    cookie.server.ts): such a browser has a count of its own, so a guesser
//    elsewhere, however persistent, never keeps the owner out;
//  - per address (an IPv6 /64 counts as one): 100 failures across all
//    accounts in 15 minutes (a password sprayed over many accounts), the same
//    delays;
//  - per address, every try, good or bad: RATE_LIMIT_LOGINS_PER_IP a minute,
//    so nobody can make the server check passwords (argon2, costly on
//    purpose) as fast as they can send them.
// An attempt is counted BEFORE its password is checked (one atomic upsert),
// so parallel tries cannot slip past the limit; a successful login gives its
// attempt back and clears its account's (or browser's) count.

const WINDOW_SECONDS = 15 * 60
const BLOCK = { baseSeconds: 60, maxSeconds: 15 * 60 }

export const LOGIN_FAILED_MESSAGE = 'Invalid email or password'

const accountLimit = (email: string): RateLimit => ({
  key: `login:account:${email.trim().toLowerCase()}`,
  limit: 10,
  windowSeconds: WINDOW_SECONDS,
  block: BLOCK,
})

const knownBrowserLimit = (browserId: string, email: string): RateLimit => ({
  key: `login:browser:${browserId}:${accountTag(email)}`,
  limit: 10,
  windowSeconds: WINDOW_SECONDS,
  block: BLOCK,
})

const addressLimit = (clientIp: string): RateLimit => ({
  key: `login:ip:${addressKey(clientIp)}`,
  limit: getEnv().RATE_LIMIT_LOGIN_FAILURES_PER_IP,
  windowSeconds: WINDOW_SECONDS,
  block: BLOCK,
})

/** Forgets an account's failed logins (a password reset: the person proved they own it). */
export function clearLoginThrottle(email: string) {
  return clearAttempts(accountLimit(email).key)
}

/** Every login try from one address, successful or not, per minute (the demo logins too). */
export function enforceLoginPace(clientIp: string) {
  return enforceRateLimit(
    {
      key: `login:pace:${addressKey(clientIp)}`,
      limit: getEnv().RATE_LIMIT_LOGINS_PER_IP,
      windowSeconds: 60,
    },
    'Too many logins from this address. Please wait a minute and try again.',
  )
}

function tooManyTries(retryAfter: number) {
  const minutes = Math.ceil(retryAfter / 60)
  return rateLimited(
    `Too many failed logins. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    retryAfter,
  )
}

/**
 * Checks email and password (a JSON body or a form's fields) and starts a
 * session. Throws 400 for missing fields, 401 'Login failed' for a wrong
 * email or password, 429 with Retry-After when throttled.
 */
export async function logIn({
  request,
  fields,
  clientIp,
}: {
  request: Request
  fields: Record<string, unknown>
  clientIp: string
}): Promise<{ user: User; headers: Headers }> {
  const parsed = loginSchema.safeParse(fields)
  if (!parsed.success) throw invalid('Login failed', fieldErrors(parsed.error))
  const { email, password } = parsed.data

  await enforceLoginPace(clientIp)
  const browser = await readKnownBrowser(request)
  const account =
    browser && browser.accounts.includes(accountTag(email))
      ? knownBrowserLimit(browser.id, email)
      : accountLimit(email)
  const byAccount = await takeAttempt(account)
  if (!byAccount.allowed) throw tooManyTries(byAccount.retryAfter)
  const address = addressLimit(clientIp)
  const byAddress = await takeAttempt(address)
  if (!byAddress.allowed) {
    await refundAttempt(account.key)
    throw tooManyTries(byAddress.retryAfter)
  }

  const user = await verifyLogin({ email, password })
  if (!user)
    throw new AppError('unauthenticated', 'Login failed', {
      fieldErrors: { email: LOGIN_FAILED_MESSAGE, password: LOGIN_FAILED_MESSAGE },
    })
  await clearAttempts(account.key)
  await refundAttempt(address.key)
  return { user, headers: await startSession(request, user) }
}
