import type { WallDateTime } from './hotel-time'

// Stay updates ("report cards"): while a pet is checked in, staff post short
// updates on its stay — a note, an optional photo, quick ticks — that its
// owner reads on the pet's page and on My bookings, and receives once a day
// in one summary mail (never one mail per update).

export type StayUpdate = {
  id: number
  booking_id: number
  note: string
  ate_well: boolean
  played: boolean
  medication_given: boolean
  /** Where the owner and staff see the photo (behind their login); null without one. */
  photo_url: string | null
  /** The staff member's first name, as the owner knows them; null once their account is gone. */
  author: string | null
  /** Hotel wall time, 'YYYY-MM-DD HH:MM:SS', like every date of a booking. */
  created_at: WallDateTime
}

export const STAY_UPDATE_NOTE_MAX = 1000

/** The quick ticks, in the order they are shown. */
export const STAY_UPDATE_TICKS = [
  { field: 'ate_well', label: 'Ate well' },
  { field: 'played', label: 'Played' },
  { field: 'medication_given', label: 'Medication given' },
] as const

export type StayUpdateTick = (typeof STAY_UPDATE_TICKS)[number]['field']

/** The ticks an update carries, as words ("Ate well · Played"). */
export function tickedLabels(update: Pick<StayUpdate, StayUpdateTick>): string[] {
  return STAY_UPDATE_TICKS.filter((t) => update[t.field]).map((t) => t.label)
}

/**
 * The hour (hotel time) of the owners' daily summary: the updates of a day
 * posted before it go out together that evening; any posted later go with
 * the next day's. So each owner gets at most one summary mail a day per stay.
 */
export const DIGEST_HOUR = 19
