import type { IncomingMessage } from 'node:http'
import { isApiTokenCall } from '../app/domain/api-token'

// Calls from pages on other origins (a kiosk, a dashboard) with an API token.
// /api answers them with `Access-Control-Allow-Origin: *` and never allows
// credentials, so a browser sends no cookie on such a call: another site can
// use a token it holds, never the session of someone who visits it. (An /api
// call with an Authorization header ignores cookies anyway: app/http/auth.server.ts.)

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/')

/** The headers of a 204 answer to a CORS preflight for /api, or null when it is not one. */
export function corsPreflight(req: IncomingMessage, path: string): string[] | null {
  if (req.method !== 'OPTIONS' || !isApiPath(path)) return null
  return [
    'Access-Control-Allow-Origin',
    '*',
    'Access-Control-Allow-Methods',
    'GET, HEAD, POST, PUT, DELETE',
    'Access-Control-Allow-Headers',
    'Authorization, Content-Type, If-None-Match',
    'Access-Control-Max-Age',
    '600',
  ]
}

/** The headers that let a page elsewhere read the answer to its token's call (none for others). */
export function corsHeaders(req: IncomingMessage, path: string): string[] {
  if (!isApiTokenCall(path, req.headers.authorization)) return []
  return [
    'Access-Control-Allow-Origin',
    '*',
    'Access-Control-Expose-Headers',
    'ETag, Link, Retry-After',
  ]
}
