import { invalid } from '~/domain/errors'
import type { BookableService } from '~/domain/booking'
import type { Conn } from './rows.server'

// The services a booking chose, as they are now (name and price to copy onto
// it). A missing or withdrawn one refuses the booking with the message of the
// operation, naming the ids at fault.
export async function requireBookableServices(
  db: Conn,
  ids: number[],
  message: string,
  { lock = false } = {},
): Promise<BookableService[]> {
  const q = db('services')
    .select('id', 'service', 'price_cents')
    .whereIn('id', ids)
    .whereNull('deleted_at')
  // Inside a booking transaction: a price change waits for the booking in flight.
  if (lock) q.forShare()
  const found = (await q) as BookableService[]
  const byId = new Map(found.map((s) => [s.id, s]))
  const missing = ids.filter((id) => !byId.has(id))
  if (missing.length)
    throw invalid(message, {
      services:
        missing.length === 1
          ? `Service ${missing[0]} does not exist`
          : `Services ${missing.join(', ')} do not exist`,
    })
  return ids.map((id) => byId.get(id)!)
}
