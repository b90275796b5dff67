import type { Route } from './+types/account.data'
import { requireUser } from '~/http/auth.server'
import { pageHandler } from '~/http/form.server'
import { exportOwnData } from '~/models/account.server'

// GET /account/data — "Download my data": the logged-in person's profile,
// pets, bookings and reviews as one JSON file (a download, never cached).
export const loader = pageHandler(async ({ request }: Route.LoaderArgs) => {
  const user = await requireUser(request)
  const copy = await exportOwnData({ actor: user })
  const body = JSON.stringify(copy, null, 2)
  const day = copy.exported_at.slice(0, 10)
  return new Response(body, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="my-data-${day}.json"`,
      'Cache-Control': 'private, no-store',
    },
  })
})
