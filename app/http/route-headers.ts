import type { HeadersFunction } from 'react-router'

/**
 * A page route's `headers`: its answer keeps what its loader, action or error
 * said about when to try again (Retry-After on a 429 or a 503). React Router
 * drops those headers from page answers unless the route passes them on.
 *
 *   export { headers } from '~/http/route-headers'
 */
export const headers: HeadersFunction = ({
  parentHeaders,
  loaderHeaders,
  actionHeaders,
  errorHeaders,
}) => {
  const out = new Headers(parentHeaders)
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    const retryAfter = source?.get('Retry-After')
    if (retryAfter) out.set('Retry-After', retryAfter)
  }
  return out
}
