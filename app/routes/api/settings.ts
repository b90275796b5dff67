import type { Route } from './+types/settings'
import { centsToDollars } from '~/domain/booking-rules'
import type { HotelSettings } from '~/domain/capacity'
import { assertCan, canManageSettings } from '~/domain/permissions'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { getHotelSettings } from '~/models/hotel-settings.server'
import { settingsPatchSchema } from '~/schemas/settings'
import { publicOrigin } from '~/http/public-origin.server'
import { changeHotelSettings } from '~/models/booking/waitlist-offers.server'

// GET /api/settings — the hotel's settings, for the Owner and Managers:
//   {dog_kennels, cat_condos, day_care_places, day_care_daily_price, boarding_daily_price,
//    required_vaccines_dog, required_vaccines_cat, vaccinations_required_to_book}
// (capacity as counts, prices in dollars as on the page, vaccines as lists of names).
// PUT /api/settings — any of those fields; the others keep their values.
// Bookings already made keep the price they were made at.

function toJson(s: HotelSettings) {
  return {
    dog_kennels: s.dog_kennels,
    cat_condos: s.cat_condos,
    day_care_places: s.day_care_places,
    day_care_daily_price: centsToDollars(s.day_care_daily_price_cents),
    boarding_daily_price: centsToDollars(s.boarding_daily_price_cents),
    required_vaccines_dog: s.required_vaccines_dog,
    required_vaccines_cat: s.required_vaccines_cat,
    vaccinations_required_to_book: s.vaccinations_required_to_book,
  }
}

export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  assertCan(canManageSettings(await requireApiUser(request)))
  return ok(toJson(await getHotelSettings()))
})

export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT'])
  const actor = await requireApiUser(request)
  // Who may not change settings hears so before anything about their body.
  assertCan(canManageSettings(actor))
  const input = validate(
    settingsPatchSchema,
    await readJsonObject(request),
    'Settings were not saved',
  )
  return ok(toJson(await changeHotelSettings({ actor, input, origin: publicOrigin(request) })))
})
