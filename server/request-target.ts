import type { IncomingMessage } from 'node:http'
import proxyaddr from 'proxy-addr'
import type { TrustProxy } from '../app/infra/env.server'

// What a request asks for, read once and checked before anything else runs:
// the URL the app routes (the path is the path of the request line, never
// one a Host header could move), the client's address and protocol (from
// X-Forwarded-* only when a trusted proxy sent them), or why the request
// cannot be answered at all (400 for a Host or target the URL parser would
// refuse, 405 for TRACE/TRACK, which only echo a request back).

export type Target = {
  /** Origin and path of the request, as the app sees it. */
  url: string
  /** The path, without the query. */
  path: string
  clientIp: string
}

export type Refusal = { status: 400 | 405; message: string }

// A DNS name or IPv4 address, or an IPv6 literal in brackets, with an optional port.
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})?)*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/

const NOT_SERVED = new Set(['TRACE', 'TRACK', 'CONNECT'])

/** A proxy-addr trust function for TRUST_PROXY (a hop count or a list of addresses). */
export function compileTrust(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false
  if (typeof trust === 'number') return (_address, hop) => hop < trust
  return proxyaddr.compile(trust)
}

const first = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header[0] : header)?.split(',')[0].trim() || undefined

export function readTarget(
  req: IncomingMessage,
  {
    trust,
    publicOrigin,
  }: { trust: (address: string, hop: number) => boolean; publicOrigin?: string },
): Target | Refusal {
  const method = req.method ?? 'GET'
  if (NOT_SERVED.has(method)) return { status: 405, message: 'Method not allowed' }

  // The request line: origin-form ("/pets?x") or, as proxies send it, absolute-form.
  let pathAndQuery = req.url ?? '/'
  if (!pathAndQuery.startsWith('/')) {
    if (!/^https?:\/\//i.test(pathAndQuery)) return { status: 400, message: 'Malformed URL' }
    try {
      const absolute = new URL(pathAndQuery)
      pathAndQuery = `${absolute.pathname}${absolute.search}`
    } catch {
      return { status: 400, message: 'Malformed URL' }
    }
  }
  const queryAt = pathAndQuery.indexOf('?')
  const path = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt)
  try {
    // Broken %-encoding names nothing.
    decodeURIComponent(path)
  } catch {
    return { status: 400, message: 'Malformed URL' }
  }

  const remote = req.socket.remoteAddress ?? ''
  const proxied = trust(remote, 0)
  let origin: string
  if (publicOrigin) origin = publicOrigin
  else {
    const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true
    const protocol =
      (proxied && first(req.headers['x-forwarded-proto'])) || (encrypted ? 'https' : 'http')
    const host =
      (proxied && first(req.headers['x-forwarded-host'])) || req.headers.host || 'localhost'
    const match = HOST.exec(host)
    if (!match || (match[1] !== undefined && Number(match[1]) > 65535))
      return { status: 400, message: 'Bad Host header' }
    origin = `${protocol === 'https' ? 'https' : 'http'}://${host}`
  }
  return {
    // Concatenated, not resolved: "//x" stays a path on this origin.
    url: origin + pathAndQuery,
    path,
    clientIp: proxied ? proxyaddr(req, trust) : remote || 'unknown',
  }
}
