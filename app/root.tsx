import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import type { Route } from './+types/root'
import './styles/app.css'
import { Brand } from './components/brand'
import { pageMeta } from './domain/hotel'
import { ErrorView } from './components/error-view'
import { PawSymbol } from './components/icons'
import { getCurrentUser } from './http/auth.server'
import { getEnv } from './infra/env.server'

// The session is read on the server, so the first HTML already shows the right menus.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request)
  return { user, demoMode: getEnv().DEMO_MODE, cspNonce: context.cspNonce }
}

// Who is logged in changes only through a form post (log in, sign up, demo
// login, log out), so a plain page-to-page navigation doesn't reload this. It
// also means a page whose data fails to load shows that page's own 'Error: …'
// inside the layout, rather than failing the whole app at the root.
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod.toUpperCase() !== 'GET'
    ? defaultShouldRevalidate
    : false
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/logo.svg' },
]

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const nonce = data?.cspNonce
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf6ee" />
        <Meta />
        <Links />
      </head>
      <body>
        <PawSymbol />
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

export const meta: Route.MetaFunction = () =>
  pageMeta(undefined, 'Day care and boarding for cats and dogs, with a paw-rated reputation.')

// Errors that no route handled (including the shared layout's own): a
// standalone page with the logo, so it never depends on the failing code.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="site">
      <header className="navbar">
        <div className="container navbar-inner">
          <Brand />
        </div>
      </header>
      <main id="main" className="container">
        <ErrorView error={error} />
      </main>
    </div>
  )
}

export { headers } from './http/route-headers'
