/**
 * What a page shows when its loader or action refuses. Access denied and not
 * found look the same on every route — one heading, one sentence, a way back
 * (and a way to log in, for a visitor) — and any other failure shows the
 * page's own "Error: …" message.
 *
 *   export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-view'
 *   export function ErrorBoundary() {
 *     return <PageErrorBoundary heading="Our Services" failure="Issue getting all services" />
 *   }
 */
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router'
import { Link } from './link'
import { EmptyState } from './empty-state'
import { PawIcon } from './icons'
import { useRootData } from './use-root-data'

export function describeError(error: unknown): { status?: number; title: string; detail: string } {
  if (isRouteErrorResponse(error)) {
    // React Router's own "no route matches" text is for developers, not guests.
    const text =
      typeof error.data === 'string' &&
      error.data.length < 200 &&
      !error.data.startsWith('Error: No route matches')
        ? error.data
        : undefined
    const fromJson =
      error.data &&
      typeof error.data === 'object' &&
      typeof (error.data as { message?: unknown }).message === 'string'
        ? ((error.data as { message: string }).message as string)
        : undefined
    const message = text ?? fromJson
    switch (error.status) {
      case 401:
      case 403:
        return {
          status: error.status,
          title: 'Unauthorized',
          detail: 'You are not allowed to see this page.',
        }
      case 404:
        return {
          status: 404,
          title: message ?? 'Page not found',
          detail: 'We looked under every blanket, but it is not here.',
        }
      default:
        return {
          status: error.status,
          title: message ?? `Error ${error.status}`,
          detail: 'Please try again in a moment.',
        }
    }
  }
  return { title: 'Something went wrong', detail: 'Please try again in a moment.' }
}

export function ErrorView({ error, headingLevel = 1 }: { error: unknown; headingLevel?: 1 | 2 }) {
  const { status, title, detail } = describeError(error)
  const root = useRootData()
  const location = useLocation()
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const visitorDenied = (status === 401 || status === 403) && !root?.user
  const here = encodeURIComponent(`${location.pathname}${location.search}`)
  return (
    <div className="error-page">
      <PawIcon />
      {status ? <p className="error-code">Error {status}</p> : null}
      <Heading>{title}</Heading>
      <p className="muted">
        {visitorDenied ? 'Please log in with an account that may see this page.' : detail}
      </p>
      <div className="cluster">
        {visitorDenied ? (
          <Link className="btn btn-primary" to={`/login?redirectTo=${here}`}>
            Log In
          </Link>
        ) : null}
        <Link className={visitorDenied ? 'btn btn-secondary' : 'btn btn-primary'} to="/">
          Back to the hotel
        </Link>
      </div>
    </div>
  )
}

export function RouteErrorBoundary() {
  const error = useRouteError()
  return (
    <div className="container page">
      <ErrorView error={error} />
    </div>
  )
}

/**
 * A list page's boundary: access denied and not found as on every route;
 * anything else as "Error: <failure>" under the page's heading.
 */
export function PageErrorBoundary({ heading, failure }: { heading: string; failure: string }) {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && [401, 403, 404].includes(error.status))
    return <RouteErrorBoundary />
  return (
    <div className="container page">
      <h1>{heading}</h1>
      <EmptyState title={`Error: ${failure}`} tone="error" headingLevel={2} />
    </div>
  )
}
