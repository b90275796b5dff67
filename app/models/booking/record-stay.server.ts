import { priceBooking } from '~/domain/booking-rules'
import type { BookingInput } from '~/domain/booking'
import { dailyPriceCentsOf } from '~/domain/capacity'
import { notFound } from '~/domain/errors'
import type { WallDateTime } from '~/domain/hotel-time'
import { getDb } from '~/infra/db.server'
import { changed } from '../cache-versions.server'
import { getHotelSettings } from '../hotel-settings.server'
import { requireBookableServices } from './services.server'

/**
 * Writes a stay as the engine would have priced it today, without the rules
 * that judge it against now (no date in the past, capacity): the demo seed's
 * history of past and under-way stays. The pet's owner is its client.
 */
export async function recordStay({
  petId,
  bookingType,
  dropOff,
  pickUp,
  serviceIds,
}: {
  petId: number
  bookingType: BookingInput['booking_type']
  dropOff: WallDateTime
  pickUp: WallDateTime
  serviceIds: number[]
}): Promise<number> {
  const db = await getDb()
  return db.transaction(async (trx) => {
    const pet = await trx('pets').select('owner_id').where({ id: petId }).first()
    if (!pet) throw notFound('Pet not found')
    const settings = await getHotelSettings({ trx })
    const services = await requireBookableServices(trx, serviceIds, 'Could not record the stay')
    const price = priceBooking({
      type: bookingType,
      dropOff,
      pickUp,
      dailyPriceCents: dailyPriceCentsOf(settings, bookingType),
      servicePricesCents: services.map((s) => s.price_cents),
    })
    const [row] = await trx('bookings')
      .insert({
        client_id: pet.owner_id,
        pet_id: petId,
        booking_type: bookingType,
        drop_off_at: dropOff,
        pick_up_at: pickUp,
        days: price.days,
        daily_price_cents: price.dailyPriceCents,
        total_cents: price.totalCents,
      })
      .returning('id')
    await trx('booking_services').insert(
      services.map((s) => ({
        booking_id: row.id,
        service_id: s.id,
        service_name: s.service,
        price_cents: s.price_cents,
      })),
    )
    await changed(trx, ['pet-of-the-month'])
    return row.id as number
  })
}
