import { addDays } from '~/domain/hotel-time'
import { hotelClock } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { dropOffReminderMail } from '~/mail/drop-off-reminder'
import { enqueueMail } from '../mail-outbox.server'
import { hydrate, bookingQuery, type BookingRow } from './rows.server'

// The reminder the day before a drop-off, sent by a periodic job in every app
// server. Each batch is one transaction: it claims due stays (booked, drop-off
// tomorrow in hotel time, the client active with reminders on, not reminded
// for this drop-off yet) with FOR UPDATE SKIP LOCKED, marks them and writes
// their mail to the outbox — so several servers never remind one stay twice,
// and a crash leaves either both or neither.

const BATCH = 100

/** Sends the reminders due now; returns how many were queued. */
export async function sendDueReminders({ origin }: { origin: string }): Promise<number> {
  const db = await getDb()
  const { today, now } = hotelClock()
  const from = `${addDays(today, 1)} 00:00:00`
  const to = `${addDays(today, 2)} 00:00:00`
  let total = 0
  for (;;) {
    const queued = await db.transaction(async (trx) => {
      const claimed = (await trx.raw(
        `UPDATE bookings b SET reminded_for_drop_off = b.drop_off_at
           FROM (SELECT b2.id FROM bookings b2
                   JOIN users u ON u.id = b2.client_id
                  WHERE b2.drop_off_at >= ?::timestamp AND b2.drop_off_at < ?::timestamp
                    AND b2.status = 'booked'
                    AND u.active AND u.booking_reminders
                    AND b2.reminded_for_drop_off IS DISTINCT FROM b2.drop_off_at
                  ORDER BY b2.id
                  LIMIT ?
                    FOR UPDATE OF b2 SKIP LOCKED) due
          WHERE b.id = due.id
         RETURNING b.id`,
        [from, to, BATCH],
      )) as { rows: { id: number }[] }
      const ids = claimed.rows.map((r) => r.id)
      if (!ids.length) return 0
      const rows = (await bookingQuery(trx)
        .join({ u: 'users' }, 'u.id', 'b.client_id')
        .select('u.email as client_email', 'u.fname as client_fname')
        .whereIn('b.id', ids)
        .orderBy('b.id')) as (BookingRow & { client_email: string; client_fname: string })[]
      const bookings = await hydrate(trx, rows, now)
      for (const [i, booking] of bookings.entries())
        await enqueueMail(
          trx,
          dropOffReminderMail({
            to: rows[i].client_email,
            fname: rows[i].client_fname,
            booking,
            origin,
          }),
        )
      return ids.length
    })
    total += queued
    if (queued < BATCH) return total
  }
}
