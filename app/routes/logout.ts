import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { destroySession } from '~/infra/session.server'

// POST /logout (the profile menu's Log Out form): clears the session, back to
// the landing page. A GET changes nothing (links and prefetchers must not log
// anyone out) and just goes home.
export async function action({ request }: Route.ActionArgs) {
  return redirect('/', { headers: { 'Set-Cookie': await destroySession(request) } })
}

export function loader() {
  return redirect('/')
}
