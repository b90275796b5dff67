import type { Route } from './+types/bookings.$id.updates'
import { assertCan, canPostStayUpdate } from '~/domain/permissions'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { requireIdParam } from '~/http/params.server'
import { readStayUpdateRequest } from '~/http/stay-update-form.server'
import {
  listStayUpdates,
  postStayUpdate,
  STAY_UPDATE_FAILURES,
} from '~/models/booking/stay-updates.server'

// GET /api/bookings/{id}/updates — the stay's updates, newest first, for its
// client and staff:
//   {updates: [{id, booking_id, note, ate_well, played, medication_given,
//               photo_url, author, created_at}]}
// POST — staff post one while the pet is checked in (409 otherwise):
// {note?, ate_well?, played?, medication_given?} as JSON, or a multipart form
// that may carry `photo`; it must say something (a note, a tick or a photo).
// 201 {update}.
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  const bookingId = requireIdParam(params.id, STAY_UPDATE_FAILURES.bookingNotFound)
  return ok({ updates: await listStayUpdates({ bookingId, actor }) })
})

export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const actor = await requireApiUser(request)
  // Who may not post hears so before their body is judged.
  assertCan(canPostStayUpdate(actor))
  const bookingId = requireIdParam(params.id, STAY_UPDATE_FAILURES.bookingNotFound)
  const { input, photo } = await readStayUpdateRequest(request, STAY_UPDATE_FAILURES.notSaved)
  return ok({ update: await postStayUpdate({ bookingId, actor, input, photo }) }, { status: 201 })
})
