import { addDays } from '~/domain/hotel-time'
import { hotelClock } from '~/infra/clock.server'
import type { Conn } from './booking/rows.server'

// The demo's stay updates: each pet checked in when the demo is seeded has
// yesterday's two updates from a staff member (already summarised in the
// evening mail, so none is sent), as a hotel's staff would have posted them.

const NOTES = [
  { note: 'Settled in well and had a long sniff around the yard.', ate_well: false, played: true },
  { note: 'Finished dinner; the medication went down with it.', ate_well: true, played: false },
]

export async function seedDemoStayUpdates(db: Conn, authorId: number) {
  const { today, instant } = hotelClock()
  const yesterday = addDays(today, -1)
  const stays = (await db('bookings')
    .select('id', 'drop_off_at')
    .where({ status: 'checked_in' })
    .where('drop_off_at', '<=', `${yesterday} 12:00:00`)) as { id: number }[]
  for (const stay of stays)
    await db('stay_updates').insert(
      NOTES.map((n, i) => ({
        booking_id: stay.id,
        author_id: authorId,
        note: n.note,
        ate_well: n.ate_well,
        played: n.played,
        medication_given: i === 1,
        created_at: `${yesterday} ${i === 0 ? '12:10:00' : '17:40:00'}`,
        digested_at: instant.toISOString(),
      })),
    )
}
