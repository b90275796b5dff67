import type { Knex } from 'knex'
import { conflict } from '~/domain/errors'
import type { WallDateTime } from '~/domain/hotel-time'
import { whereCurrent, whereHolding } from './states.server'

// A pet is in one place at a time: it has at most one stay not yet picked up
// ("current"), and none of its stays overlap. Cancelled stays and no-shows
// hold nothing and never clash.

export const CURRENT_BOOKING_MESSAGE =
  'This pet already has a booking that has not been picked up yet'
export const OVERLAP_MESSAGE = 'This pet already has a booking at that time'

/**
 * Refuses (409) a stay of the pet (locked by the caller) that would be its
 * second current booking, or overlap another of its stays. Cancelled stays
 * and no-shows hold nothing and never clash.
 */
export async function assertNoClash(
  trx: Knex.Transaction,
  {
    petId,
    dropOff,
    pickUp,
    excludeId,
    now,
  }: {
    petId: number
    dropOff: WallDateTime
    pickUp: WallDateTime
    excludeId?: number
    now: WallDateTime
  },
) {
  const clash = (await whereHolding(trx({ b: 'bookings' }))
    .select('b.id', trx.raw(`b.pick_up_at > ?::timestamp as is_current`, [now]))
    .where('b.pet_id', petId)
    .whereNot('b.id', excludeId ?? 0)
    .where((q) =>
      whereCurrent(q, now).orWhere((o) =>
        o.where('b.drop_off_at', '<', pickUp).where('b.pick_up_at', '>', dropOff),
      ),
    )
    .first()) as { id: number; is_current: boolean } | undefined
  if (clash) throw conflict(clash.is_current ? CURRENT_BOOKING_MESSAGE : OVERLAP_MESSAGE)
}

/**
 * A write that moves a stay's nights, with the database's own refusal of an
 * overlap (the EXCLUDE constraint of migration 015, SQLSTATE 23P01) turned
 * into the same 409 as assertNoClash's. Under the pet's lock assertNoClash
 * refuses first; this is for whatever gets past it.
 */
export async function refusingOverlap<T>(write: PromiseLike<T>): Promise<T> {
  try {
    return await write
  } catch (error) {
    if ((error as { code?: string }).code === '23P01') throw conflict(OVERLAP_MESSAGE)
    throw error
  }
}
