import type { FrontDeskAction } from '~/domain/front-desk'
import { assertCan, canRunFrontDesk } from '~/domain/permissions'
import { recordFrontDeskAction, FRONT_DESK_FAILURES } from '~/models/booking/front-desk.server'
import { ok } from './api.server'
import { requireApiUser } from './auth.server'
import { requireIdParam } from './params.server'
import { publicOrigin } from './public-origin.server'

/** The JSON calls of the front desk: 401, 403 for clients, 404, 409 — or 200 {"booking"}. */
export async function frontDeskCall({
  request,
  id,
  action,
}: {
  request: Request
  id: string | undefined
  action: FrontDeskAction
}): Promise<Response> {
  const actor = await requireApiUser(request)
  assertCan(canRunFrontDesk(actor))
  const bookingId = requireIdParam(id, FRONT_DESK_FAILURES.notFound)
  const booking = await recordFrontDeskAction({
    actor,
    id: bookingId,
    action,
    origin: publicOrigin(request),
  })
  return ok({ booking })
}
