import type { IncomingMessage, ServerResponse } from 'node:http'
import helmet from 'helmet'

// The security headers of every answer. Helmet decides them (its defaults
// plus the policy below); it runs ONCE, at start, against a response that
// only records what it sets, and each answer then copies the list — the
// Content-Security-Policy with this answer's own script nonce put in. The
// headers are the same as helmet's middleware would set per request, at a
// fraction of the cost.

/** Browser features the app never uses, switched off for it and anything it might embed. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'

// Base64 never contains "!", so this cannot collide with a real nonce.
const NONCE_MARK = '!nonce!'

export type SecurityHeaders = {
  /** Name/value pairs for an answer whose pages' scripts carry `nonce`. */
  (nonce: string): string[]
}

export function securityHeaders({ dev, https }: { dev: boolean; https: boolean }): SecurityHeaders {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${NONCE_MARK}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: dev ? ["'self'", 'ws:'] : ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // A plain-http install on a local network must keep working.
        upgradeInsecureRequests: null,
      },
    },
    // 'no-referrer' makes some browsers send Origin: null on same-origin posts.
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // Browsers remember to use https only when the app is served over https.
    strictTransportSecurity: https,
  })
  const recorded = new Map<string, string>()
  const recorder = {
    setHeader(name: string, value: unknown) {
      recorded.set(name, String(value))
    },
    removeHeader(name: string) {
      recorded.delete(name)
    },
  }
  let called = false
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    called = true
  })
  // Helmet runs synchronously; if a future version did not, nothing would be recorded.
  if (!called || !recorded.size) throw new Error('helmet did not set its headers synchronously')
  recorded.set('Permissions-Policy', PERMISSIONS_POLICY)

  const fixed: string[] = []
  let csp: [string, string, string] | undefined
  for (const [name, value] of recorded) {
    const at = value.indexOf(NONCE_MARK)
    if (at === -1) fixed.push(name, value)
    else csp = [name, value.slice(0, at), value.slice(at + NONCE_MARK.length)]
  }
  if (!csp) return () => fixed
  const [cspName, before, after] = csp
  return (nonce) => [...fixed, cspName, before + nonce + after]
}
