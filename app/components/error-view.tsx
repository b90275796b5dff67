/**
 * What a route shows when its loader or action throws.
 *  - 403 → "Unauthorized" (spec §6/§8); thrown by requireStaff/requireAdmin or
 *    `throw new Response('Unauthorized', { status: 403 })`.
 *  - 404 with a text body → that text as the heading, e.g.
 *    `throw new Response('Pet not found', { status: 404 })` → "Pet not found".
 *  - anything else → a short apology (details stay in the server log).
 *
 * In a route module (renders inside the shared layout, navbar kept):
 *   export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-view'
 * or, to wrap it:
 *   export function ErrorBoundary() { return <RouteErrorBoundary /> }
 */
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { PawIcon } from './icons'

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
        return {
          status: 401,
          title: 'Please log in',
          detail: message ?? 'You need to be logged in to see this page.',
        }
      case 403:
        return {
          status: 403,
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
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <div className="error-page">
      <PawIcon />
      {status ? <p className="error-code">Error {status}</p> : null}
      <Heading>{title}</Heading>
      <p className="muted">{detail}</p>
      <div className="cluster">
        <Link className="btn btn-primary" to="/">
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
