import { invalid } from '~/domain/errors'
import type { BookableService } from '~/domain/booking'
import type { PetType } from '~/domain/pet'
import { servesSpecies, type ServiceSpecies } from '~/domain/service'
import type { Conn } from './rows.server'

const PLURAL: Record<PetType, string> = { dog: 'dogs', cat: 'cats' }

// The services a booking chose, as they are now (name and price to copy onto
// it). A missing or withdrawn one refuses the booking with the message of the
// operation, naming the ids at fault; so does one that is not for the pet's
// species (a dog is never booked for "Cat Enrichment Hour").
export async function requireBookableServices(
  db: Conn,
  ids: number[],
  message: string,
  { lock = false, petType }: { lock?: boolean; petType?: PetType } = {},
): Promise<BookableService[]> {
  const q = db('services')
    .select('id', 'service', 'price_cents', 'species')
    .whereIn('id', ids)
    .whereNull('deleted_at')
  // Inside a booking transaction: a price change waits for the booking in flight.
  if (lock) q.forShare()
  const found = (await q) as (BookableService & { species: ServiceSpecies })[]
  const byId = new Map(found.map((s) => [s.id, s]))
  const missing = ids.filter((id) => !byId.has(id))
  if (missing.length)
    throw invalid(message, {
      services:
        missing.length === 1
          ? `Service ${missing[0]} does not exist`
          : `Services ${missing.join(', ')} do not exist`,
    })
  const wrong = petType ? found.filter((s) => !servesSpecies(s.species, petType)) : []
  if (wrong.length)
    throw invalid(message, {
      services: `${wrong.map((s) => s.service).join(', ')} ${wrong.length === 1 ? 'is' : 'are'} not offered for ${PLURAL[petType!]}`,
    })
  return ids.map((id) => {
    const { species: _species, ...service } = byId.get(id)!
    return service
  })
}

/**
 * The services of a stay under way after a change: those it already had keep
 * the name and price they were booked at (even if the service has since
 * changed or gone); those added must be bookable for the pet and take today's price.
 */
export async function servicesOfStartedStay(
  trx: Conn,
  bookingId: number,
  ids: number[],
  message: string,
  petType: PetType,
): Promise<BookableService[]> {
  const lines = (await trx('booking_services')
    .select('service_id as id', 'service_name as service', 'price_cents')
    .where({ booking_id: bookingId })) as BookableService[]
  const kept = new Map(lines.map((l) => [l.id, l]))
  const added = await requireBookableServices(
    trx,
    ids.filter((id) => !kept.has(id)),
    message,
    { lock: true, petType },
  )
  const addedById = new Map(added.map((s) => [s.id, s]))
  return ids.map((id) => kept.get(id) ?? addedById.get(id)!)
}
