import { describe, expect, it } from 'vitest'
import { getDb } from '../../app/infra/db.server'
import { OVERLAP_MESSAGE, refusingOverlap } from '../../app/models/booking/clash.server'
import { createPet, createUser } from '../support/factories'

// "A pet is in one place at a time" is also the database's rule (migration
// 015's EXCLUDE constraint), on PGlite and on PostgreSQL alike: a raw write
// that skips the booking engine's check still cannot give a pet two
// overlapping stays that hold a place. Cancelled stays and no-shows may
// overlap anything; a stay may begin the moment another ends.

async function petWithOwner() {
  const owner = await createUser()
  const pet = await createPet({ owner })
  return { owner, pet }
}

const stay = (
  owner: { id: number },
  pet: { id: number },
  dropOff: string,
  pickUp: string,
  extra: Record<string, unknown> = {},
) => ({
  client_id: owner.id,
  pet_id: pet.id,
  booking_type: 'boarding_care',
  drop_off_at: dropOff,
  pick_up_at: pickUp,
  days: 2,
  daily_price_cents: 5500,
  total_cents: 11000,
  ...extra,
})

describe('a pet’s stays never overlap, by the database’s own constraint', () => {
  it('refuses an overlapping holding stay with 23P01, and the engine says so as its 409', async () => {
    const db = await getDb()
    const { owner, pet } = await petWithOwner()
    await db('bookings').insert(stay(owner, pet, '2031-05-01 10:00:00', '2031-05-03 10:00:00'))

    await expect(
      db('bookings').insert(stay(owner, pet, '2031-05-02 10:00:00', '2031-05-04 10:00:00')),
    ).rejects.toMatchObject({ code: '23P01' })
    // Checked in or out, it holds its place just the same.
    await expect(
      db('bookings').insert(
        stay(owner, pet, '2031-05-02 12:00:00', '2031-05-02 15:00:00', {
          status: 'checked_in',
          checked_in_at: '2031-05-02 12:00:00',
        }),
      ),
    ).rejects.toMatchObject({ code: '23P01' })
    await expect(
      refusingOverlap(
        db('bookings').insert(stay(owner, pet, '2031-04-30 10:00:00', '2031-05-01 10:00:01')),
      ),
    ).rejects.toMatchObject({ kind: 'conflict', message: OVERLAP_MESSAGE, status: 409 })
    expect(Number((await db('bookings').where({ pet_id: pet.id }).count({ n: '*' }))[0].n)).toBe(1)
  })

  it('lets a stay begin as another ends, other pets share the dates, and cancelled stays and no-shows overlap anything', async () => {
    const db = await getDb()
    const { owner, pet } = await petWithOwner()
    const other = await createPet({ owner })
    await db('bookings').insert(stay(owner, pet, '2031-06-01 10:00:00', '2031-06-03 10:00:00'))
    await db('bookings').insert(stay(owner, pet, '2031-06-03 10:00:00', '2031-06-05 10:00:00'))
    await db('bookings').insert(stay(owner, other, '2031-06-01 10:00:00', '2031-06-05 10:00:00'))
    await db('bookings').insert(
      stay(owner, pet, '2031-06-02 10:00:00', '2031-06-04 10:00:00', {
        status: 'cancelled',
        cancelled_at: '2031-05-20 09:00:00',
      }),
    )
    await db('bookings').insert(
      stay(owner, pet, '2031-06-02 10:00:00', '2031-06-04 10:00:00', {
        status: 'no_show',
        no_show_at: '2031-06-03 00:00:00',
      }),
    )
    // Bringing a cancelled overlap back to life is refused.
    await expect(
      db('bookings')
        .where({ pet_id: pet.id, status: 'cancelled' })
        .update({ status: 'booked', cancelled_at: null }),
    ).rejects.toMatchObject({ code: '23P01' })
    expect(Number((await db('bookings').where({ pet_id: pet.id }).count({ n: '*' }))[0].n)).toBe(4)
  })
})
