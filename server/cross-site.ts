import type { IncomingMessage } from 'node:http'
import { isApiTokenCall } from '../app/domain/api-token'

// Refuses unsafe requests that the browser says come from another site
// (Sec-Fetch-Site), or, for older browsers, whose Origin is not ours. Clients
// that send neither (curl, API consumers) are not browsers riding a cookie;
// nor is an /api call with an Authorization header (an API token), whose
// cookies are ignored (app/http/auth.server.ts): a kiosk page on another
// origin may call the API with its token.

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** True when `req` is an unsafe request from another site; `url` is the request's URL on this origin. */
export function isCrossSite(req: IncomingMessage, url: string): boolean {
  if (!UNSAFE_METHODS.has(req.method ?? 'GET')) return false
  if (isApiTokenCall(new URL(url).pathname, req.headers.authorization)) return false
  const site = req.headers['sec-fetch-site']
  const origin = req.headers.origin
  const ours = new URL(url).origin
  if (site === 'same-origin' && origin && origin !== 'null' && origin !== ours) {
    // Same-origin per the browser but a different public origin: a proxy that
    // rewrote Host without PUBLIC_ORIGIN/TRUST_PROXY. The browser is right.
    return false
  }
  if (site) return site === 'cross-site' || site === 'same-site'
  if (origin) return origin !== ours
  return false
}
