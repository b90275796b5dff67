import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { endSession } from '~/http/auth.server'

// POST /logout (the profile menu's Log Out form): ends the session, back to
// the landing page. A GET changes nothing (links and prefetchers must not log
// anyone out) and just goes home.
export async function action({ request }: Route.ActionArgs) {
  return redirect('/', { headers: { 'Set-Cookie': await endSession(request) } })
}

export function loader() {
  return redirect('/')
}
