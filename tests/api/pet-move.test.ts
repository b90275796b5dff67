import { beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import type { Client } from '../support/http'
import { clientFor, startServer } from '../support/http'
import { createPet, createService, createUser } from '../support/factories'

// Staff may move a pet to another owner (PUT /api/pets/{id} with owner_id).
// Its stays that are not over yet move with it, in the same transaction: the
// new owner manages them, the previous one no longer can. Stays already over
// remain in the previous owner's history. Before, the bookings kept the old
// client_id: the previous owner could still read and delete them and the new
// owner got 403.

beforeAll(async () => {
  await startServer()
})

const PET_FIELDS = {
  name: 'Biscuit',
  type: 'dog',
  breed: 'Beagle',
  age: '3',
  gender: 'male',
  color: 'Tricolor',
  weight: '24',
  dob: '2022-05-01',
  size: 'he chomnk',
  behavior: 'playful',
}

function moveForm(ownerId: number) {
  const form = new FormData()
  for (const [k, v] of Object.entries({ ...PET_FIELDS, owner_id: String(ownerId) })) form.set(k, v)
  return form
}

describe('moving a pet to another owner', () => {
  it('takes its current and future stays along; its past stays stay with the previous owner', async () => {
    const previous = await createUser()
    const next = await createUser()
    const employee = await createUser({ role: 'employee' })
    const pet = await createPet({ owner: previous })
    const service = await createService()
    const book = async (c: Client, drop: string, pick: string) => {
      const res = await c.post('/api/bookings', {
        client_id: previous.id,
        pet_id: pet.id,
        booking_type: 'boarding_care',
        drop_off_date: drop,
        pick_up_date: pick,
        services: [service.id],
      })
      expect(res.status).toBe(201)
      return res.body.booking.id as number
    }
    const asPrevious = await clientFor(previous)
    setNow('2026-03-02T15:00:00Z')
    const past = await book(asPrevious, '2026-03-04 10:00:00', '2026-03-06 10:00:00')
    setNow('2026-03-10T15:00:00Z')
    const future = await book(asPrevious, '2026-03-20 10:00:00', '2026-03-22 10:00:00')

    const asEmployee = await clientFor(employee)
    const moved = await asEmployee.postForm(`/api/pets/${pet.id}`, moveForm(next.id), 'PUT')
    expect(moved.status).toBe(200)
    expect(moved.body.owner_id).toBe(next.id)

    const asNext = await clientFor(next)
    // The stay to come is the new owner's now…
    expect((await asNext.get(`/api/bookings/${future}`)).status).toBe(200)
    expect((await asNext.get(`/api/bookings/${future}`)).body.client_id).toBe(next.id)
    expect((await asNext.get(`/api/bookings/pet/${pet.id}`)).body.booking.id).toBe(future)
    expect(
      (await asNext.get('/api/bookings/user')).body.bookings.map((b: { id: number }) => b.id),
    ).toEqual([future])
    // …and no longer the previous owner's, to read or to cancel.
    expect((await asPrevious.get(`/api/bookings/${future}`)).status).toBe(403)
    expect((await asPrevious.delete(`/api/bookings/${future}`)).status).toBe(403)
    expect((await asPrevious.get(`/api/pets/${pet.id}`)).status).toBe(403)
    // The stay that is over stays in the previous owner's history.
    expect(
      (await asPrevious.get('/api/bookings/user')).body.bookings.map((b: { id: number }) => b.id),
    ).toEqual([past])
    expect((await asNext.get(`/api/bookings/${past}`)).status).toBe(403)

    // The new owner manages it: changes it, and could cancel it.
    const changed = await asNext.put(`/api/bookings/${future}`, {
      id: future,
      client_id: next.id,
      pet_id: pet.id,
      booking_type: 'boarding_care',
      drop_off_date: '2026-03-20 10:00:00',
      pick_up_date: '2026-03-23 10:00:00',
      services: [service.id],
    })
    expect(changed.status).toBe(200)
  })

  it('is refused to a client, and changes nothing then', async () => {
    const owner = await createUser()
    const other = await createUser()
    const pet = await createPet({ owner })
    const asOwner = await clientFor(owner)
    const res = await asOwner.postForm(`/api/pets/${pet.id}`, moveForm(other.id), 'PUT')
    expect(res.status).toBe(403)
    expect(res.body.errors).toEqual({ owner_id: 'Only staff can move a pet to another owner' })
    const db = await getDb()
    expect((await db('pets').where({ id: pet.id }).first()).owner_id).toBe(owner.id)
  })
})
