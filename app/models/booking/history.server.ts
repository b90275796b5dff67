import type { BookingEvent } from '~/domain/booking-history'
import { hotelWallClock } from '~/domain/hotel-time'
import { assertCan, canSeeBookingHistory } from '~/domain/permissions'
import type { Actor } from '~/domain/user'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { PREPARED, toPgArray } from '~/infra/prepared-statements.server'

// The history of bookings (booking_events), oldest first, for staff: who
// checked a pet in, changed a stay, added a price line, cancelled.

type EventRow = Omit<BookingEvent, 'at'> & { created_at: string }

export async function listBookingHistories({
  actor,
  bookingIds,
}: {
  actor: Actor
  bookingIds: number[]
}): Promise<Record<number, BookingEvent[]>> {
  assertCan(canSeeBookingHistory(actor))
  if (!bookingIds.length) return {}
  const db = await getDb()
  const rows = (await db({ e: 'booking_events' })
    .leftJoin({ u: 'users' }, 'u.id', 'e.actor_id')
    .select(
      'e.id',
      'e.booking_id',
      'e.action',
      'e.detail',
      // An instant, the same text on both drivers; turned into hotel time below.
      db.raw(
        `to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`,
      ),
      db.raw(`u.fname || ' ' || u.lname as by`),
    )
    .whereRaw('e.booking_id = ANY(?::int[])', [toPgArray(bookingIds)])
    .orderBy('e.id')
    .options(PREPARED)) as EventRow[]
  const zone = getEnv().HOTEL_TIMEZONE
  const out: Record<number, BookingEvent[]> = {}
  for (const { created_at, ...row } of rows)
    // Added to the rest pattern's object, not spread with it into one more (decision 055).
    (out[row.booking_id] ??= []).push(
      Object.assign(row, { at: hotelWallClock(new Date(created_at), zone) }),
    )
  return out
}
