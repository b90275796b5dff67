import type { Route } from './+types/bookings.$id.check-in'
import { apiHandler, methodNotAllowed } from '~/http/api.server'
import { frontDeskCall } from '~/http/front-desk.server'

// POST /api/bookings/{id}/check-in — staff only; {"booking": …} with its status
// and check-in/out moments. A step that isn't allowed now is 409 with why.
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return frontDeskCall({ request, id: params.id, action: 'check-in' })
})

export function loader() {
  return methodNotAllowed(['POST'])
}
