import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import './styles/app.css'
import { getCurrentUser } from './utils/auth.server'
import { getEnv } from './utils/env.server'

// The session is read on the server, so the first HTML already shows the right menus.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request)
  return { user, demoMode: getEnv().DEMO_MODE, cspNonce: context.cspNonce }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const nonce = data?.cspNonce
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = 'Something went wrong'
  let detail = 'Please try again in a moment.'
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? 'Page not found' : error.status === 403 ? 'Unauthorized' : `Error ${error.status}`
    detail = typeof error.data === 'string' ? error.data : detail
  }
  return (
    <main className="error-page">
      <h1>{title}</h1>
      <p>{detail}</p>
      <a href="/">Back to the hotel</a>
    </main>
  )
}
