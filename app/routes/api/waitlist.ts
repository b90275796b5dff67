import type { Route } from './+types/waitlist'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { requireCalendarDate } from '~/http/params.server'
import { hotelClock } from '~/infra/clock.server'
import { joinWaitlist, listWaitlist } from '~/models/booking/waitlist.server'
import { WAITLIST_MESSAGES } from '~/domain/waitlist'
import { bookingApiSchema } from '~/schemas/booking'

// GET /api/waitlist — the stays waiting for a place or offered one:
// {"waitlist": [entry…]} in queue order; a client's own, staff everyone's;
// ?date=YYYY-MM-DD: only those that would be at the hotel that day.
// Each entry: {id, client_id, pet_id, pet, client_name, booking_type,
// drop_off_date, pick_up_date, services, status, hold_until, booking_id, created_at}.
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  const raw = new URL(request.url).searchParams.get('date')
  const date = raw === null ? undefined : requireCalendarDate(raw)
  return ok({ waitlist: await listWaitlist({ actor, date }) })
})

// POST /api/waitlist — the body of POST /api/bookings, for a stay refused
// because a night is full → 201 {"entry": …}; 409 when a place is free after
// all (book it), the pet already waits for those dates, or has a stay then.
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const actor = await requireApiUser(request)
  const body = await readJsonObject(request)
  const input = validate(
    bookingApiSchema({ now: hotelClock().now }),
    body,
    WAITLIST_MESSAGES.notSaved,
  )
  return ok({ entry: await joinWaitlist({ actor, input }) }, { status: 201 })
})
