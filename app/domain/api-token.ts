// Personal API tokens: a script or an integration calls /api with
// `Authorization: Bearer <token>` and the rights of the token's user. A
// token is shown once, when made; the hotel keeps only its hash. A read-only
// token may only read. Each token has its own rate limit.

/** Every token starts so: a leaked one is easy to recognise (and to scan for). */
export const API_TOKEN_PREFIX = 'pht_'

export const API_TOKEN_NAME_MAX = 60

/** A person keeps at most this many tokens. */
export const API_TOKENS_PER_USER = 20

/** Requests one token may make per minute. */
export const API_TOKEN_REQUESTS_PER_MINUTE = 600

export type ApiToken = {
  id: number
  name: string
  read_only: boolean
  /** Hotel wall time, 'YYYY-MM-DD HH:MM:SS', like every date of the API. */
  created_at: string
  last_used_at: string | null
}

export const API_TOKEN_MESSAGES = {
  notSaved: 'Token was not created',
  notFound: 'Token not found',
  tooMany: `You have ${API_TOKENS_PER_USER} tokens already: revoke one first`,
  invalid: 'Invalid or revoked API token',
  malformed: 'Authorization must be "Bearer <token>"',
  readOnly: 'This API token is read-only',
  rateLimited: 'Too many requests with this API token. Please slow down.',
} as const

/**
 * An /api call that names an API token (any Authorization header): it is
 * authenticated by the token alone, its cookies ignored — so the cross-site
 * check does not apply to it, and other origins may make it (CORS, no credentials).
 */
export const isApiTokenCall = (pathname: string, authorization: string | null | undefined) =>
  authorization !== null &&
  authorization !== undefined &&
  (pathname === '/api' || pathname.startsWith('/api/'))
