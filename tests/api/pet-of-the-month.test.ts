import { beforeAll, describe, expect, it } from 'vitest'
import { createBooking } from '../../app/models/booking/write.server'
import {
  choosePetOfTheMonth,
  getPetOfTheMonth,
  mostBookedPet,
} from '../../app/models/pet-of-the-month.server'
import { setNow } from '../../app/infra/clock.server'
import { createPet, createService, createUser } from '../support/factories'
import { Client, startServer } from '../support/http'
import { formOf } from '../support/forms'

// Pet of the Month (landing page): the Owner/Manager's choice for the hotel's
// current month, else the pet with the most booked days last month (hotel
// wall clock), else nothing. Bookings are made through the booking model with
// the clock pinned in October, then "now" moves to November.

let base: string
beforeAll(async () => {
  base = await startServer()
})

const OCTOBER = new Date('2026-10-01T12:00:00Z') // 08:00 in New York
const NOVEMBER = new Date('2026-11-23T15:00:00Z')

async function book(
  client: Awaited<ReturnType<typeof createUser>>,
  pet: { id: number },
  serviceId: number,
  type: 'day_care' | 'boarding_care',
  drop: string,
  pick: string,
  at = OCTOBER,
) {
  // A pet has one current booking at a time: each is made before its stay, after the previous one.
  setNow(at)
  await createBooking({
    actor: client,
    input: {
      client_id: client.id,
      pet_id: pet.id,
      booking_type: type,
      drop_off_date: drop,
      pick_up_date: pick,
      services: [serviceId],
    },
  })
}

describe('pet of the month', () => {
  it('is hidden (null) when nobody chose and nothing was booked last month', async () => {
    setNow(new Date('2027-06-15T15:00:00Z'))
    expect(await getPetOfTheMonth()).toBeNull()
  })

  it('counts booked days inside last month only, on the hotel clock, and picks the most booked pet', async () => {
    const client = await createUser()
    const service = await createService()
    const rex = await createPet({ owner: client, name: 'Rex', type: 'dog' })
    const tom = await createPet({ owner: client, name: 'Tom', type: 'cat' })
    const ada = await createPet({ owner: client, name: 'Ada', type: 'dog' })
    // Rex: boarding Oct 28 → Nov 3 = 4 nights in October (28, 29, 30, 31), plus one day care.
    await book(client, rex, service.id, 'day_care', '2026-10-05 08:00:00', '2026-10-05 17:00:00')
    await book(
      client,
      rex,
      service.id,
      'boarding_care',
      '2026-10-28 10:00:00',
      '2026-11-03 10:00:00',
      new Date('2026-10-06T12:00:00Z'),
    )
    // Tom: boarding Oct 10 → Oct 15 = 5 nights; day care Oct 20 → 1 day; total 6, one more than Rex.
    await book(
      client,
      tom,
      service.id,
      'boarding_care',
      '2026-10-10 09:00:00',
      '2026-10-15 09:00:00',
    )
    await book(
      client,
      tom,
      service.id,
      'day_care',
      '2026-10-20 08:00:00',
      '2026-10-20 12:00:00',
      new Date('2026-10-16T12:00:00Z'),
    )
    // Ada: a long stay, but all in November.
    await book(
      client,
      ada,
      service.id,
      'boarding_care',
      '2026-11-01 09:00:00',
      '2026-11-20 09:00:00',
    )

    expect(await mostBookedPet({ month: '2026-10' })).toEqual({ petId: tom.id, days: 6 })
    expect(await mostBookedPet({ month: '2026-11' })).toEqual({ petId: ada.id, days: 19 })
    expect(await mostBookedPet({ month: '2026-09' })).toBeNull()

    setNow(NOVEMBER)
    const potm = await getPetOfTheMonth()
    expect(potm).toMatchObject({
      month: '2026-11',
      source: 'most_booked',
      bookedDays: 6,
      note: '',
      pet: { id: tom.id, name: 'Tom', type: 'cat' },
    })

    // The month is the hotel's: 03:00 UTC on Dec 1 is still Nov 30 in New York.
    setNow(new Date('2026-12-01T03:00:00Z'))
    expect((await getPetOfTheMonth())?.month).toBe('2026-11')
    setNow(new Date('2026-12-01T06:00:00Z'))
    expect(await getPetOfTheMonth()).toMatchObject({ month: '2026-12', pet: { id: ada.id } })
  })

  it('prefers the Owner/Manager choice with its note; only they may choose', async () => {
    setNow(NOVEMBER)
    const owner = await createUser({ role: 'owner' })
    const employee = await createUser({ role: 'employee' })
    const client = await createUser()
    const pet = await createPet({ owner: client, name: 'Mochi', type: 'cat' })

    await expect(
      choosePetOfTheMonth({ actor: employee, petId: pet.id, note: 'x' }),
    ).rejects.toMatchObject({ status: 403 })
    await expect(
      choosePetOfTheMonth({ actor: owner, petId: 999_999, note: 'x' }),
    ).rejects.toMatchObject({ status: 404 })

    await choosePetOfTheMonth({ actor: owner, petId: pet.id, note: 'Purrs <b>loudly</b>' })
    expect(await getPetOfTheMonth()).toMatchObject({
      source: 'chosen',
      note: 'Purrs <b>loudly</b>',
      pet: { id: pet.id, name: 'Mochi' },
    })
    // Next month the choice no longer applies.
    setNow(new Date('2026-12-15T15:00:00Z'))
    expect((await getPetOfTheMonth())?.source).not.toBe('chosen')
  })

  it('the landing page chooser: managers save and clear, clients get 403, bad input 400', async () => {
    setNow(NOVEMBER)
    const manager = await createUser({ role: 'manager' })
    const client = await createUser()
    const pet = await createPet({ owner: client, name: 'Pip', type: 'dog' })

    const asClient = new Client(base)
    await asClient.login(client.email)
    const form = formOf
    expect(
      (
        await asClient.postForm(
          '/?index',
          form({ intent: 'choose', pet_id: String(pet.id), note: 'Hi' }),
        )
      ).status,
    ).toBe(403)

    const asManager = new Client(base)
    await asManager.login(manager.email)
    const missing = await asManager.postForm(
      '/?index',
      form({ intent: 'choose', pet_id: '', note: '' }),
    )
    expect(missing.status).toBe(400)
    expect(String(missing.body)).toContain('Please choose a pet')
    const unknown = await asManager.postForm(
      '/?index',
      form({ intent: 'choose', pet_id: '999999', note: '' }),
    )
    expect(unknown.status).toBe(404)

    const saved = await asManager.postForm(
      '/?index',
      form({ intent: 'choose', pet_id: String(pet.id), note: 'Best boy' }),
    )
    expect(saved.status).toBe(302)
    const page = await new Client(base).get('/')
    expect(page.body).toContain('Pip')
    expect(page.body).toContain('Best boy')

    expect((await asManager.postForm('/?index', form({ intent: 'clear' }))).status).toBe(302)
    expect((await new Client(base).get('/')).body).not.toContain('Best boy')
  })
})
