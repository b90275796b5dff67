import { z } from 'zod'
import {
  BOOKING_MESSAGES,
  BOOKING_TYPES,
  DROP_OFF_HOURS,
  joinDateAndTime,
  MAX_DAYS_AHEAD,
  PICK_UP_HOURS,
  TIME_OF_DAY,
  type BookingType,
} from '~/domain/booking-rules'
import {
  addDays,
  formatWall,
  isValidIsoDate,
  parseWallDateTime,
  type WallDateTime,
  type WallParts,
} from '~/domain/hotel-time'
import { blankToUndefined, idSchema } from './fields'

// The booking rules — no dates in the past, at most a year ahead, drop-off on
// the hour 06:00–18:00 and pick-up 07:00–18:00, boarding picked up after the
// drop-off date, day care the same day — written once. The page has
// separate date and time inputs, the API one 'YYYY-MM-DD HH:MM:SS' per end:
// `checkBookingSchedule` holds every rule and each schema below wraps it thinly,
// naming the fields its own way. Rules that depend on "now" take the hotel's
// wall-clock reading of now as an argument: the server reads hotelClock(), and
// the page hands the browser the server's reading with the form (the server
// checks again when the form is posted).

// The messages live with the rules (domain/booking-rules.ts), where pages read them too.
export { BOOKING_MESSAGES }

export type ScheduleField = 'dropOffDate' | 'dropOffTime' | 'pickUpDate' | 'pickUpTime'

/** The stay being changed after its drop-off: its drop-off moment and type are fixed. */
export type StartedStay = { dropOff: WallDateTime; type: BookingType }

/**
 * Every scheduling rule. Reports at most the first problem per field, in the
 * order a person would fix them. `dropOff`/`pickUp` are undefined when the
 * field itself was missing or malformed (already reported by its schema).
 */
export function checkBookingSchedule(
  input: {
    type: BookingType | undefined
    dropOff: WallParts | undefined
    pickUp: WallParts | undefined
  },
  now: WallDateTime,
  report: (field: ScheduleField, message: string) => void,
  /**
   * A stay under way that staff are changing: its drop-off is history and
   * stays as it was; its pick-up may move, but not into the past.
   */
  started?: StartedStay,
) {
  const today = now.slice(0, 10)
  const reported = new Set<ScheduleField>()
  const add = (field: ScheduleField, message: string) => {
    if (reported.has(field)) return
    reported.add(field)
    report(field, message)
  }
  const { type, dropOff, pickUp } = input

  if (dropOff && started) {
    if (formatWall(dropOff) !== started.dropOff)
      add('dropOffDate', BOOKING_MESSAGES.startedKeepsDropOff)
  } else if (dropOff) {
    if (dropOff.date < today) add('dropOffDate', BOOKING_MESSAGES.past)
    else if (dropOff.date > addDays(today, MAX_DAYS_AHEAD))
      add('dropOffDate', BOOKING_MESSAGES.tooFarAhead)
    if (!isAllowedHour(dropOff, DROP_OFF_HOURS)) add('dropOffTime', BOOKING_MESSAGES.dropOffHours)
    else if (dropOff.date === today && formatWall(dropOff) <= now)
      add('dropOffTime', BOOKING_MESSAGES.dropOffTimePast)
  }
  if (pickUp) {
    if (pickUp.date < today) add('pickUpDate', BOOKING_MESSAGES.past)
    if (!isAllowedHour(pickUp, PICK_UP_HOURS)) add('pickUpTime', BOOKING_MESSAGES.pickUpHours)
    else if (started && formatWall(pickUp) <= now)
      add('pickUpTime', BOOKING_MESSAGES.pickUpTimePast)
  }
  if (!dropOff || !pickUp || !type) return
  if (type === 'boarding_care') {
    if (pickUp.date <= dropOff.date) add('pickUpDate', BOOKING_MESSAGES.boardingOrder)
    else if (pickUp.date > addDays(dropOff.date, MAX_DAYS_AHEAD))
      add('pickUpDate', BOOKING_MESSAGES.boardingTooLong)
  } else {
    if (pickUp.date !== dropOff.date) add('pickUpDate', BOOKING_MESSAGES.dayCareSameDay)
    else if (formatWall(pickUp) <= formatWall(dropOff))
      add('pickUpTime', BOOKING_MESSAGES.dayCareOrder)
  }
}

function isAllowedHour(p: WallParts, hours: readonly number[]) {
  return p.minute === 0 && p.second === 0 && hours.includes(p.hour)
}

// ---- field schemas shared by both shapes ----

export const bookingTypeSchema = z.preprocess(
  blankToUndefined,
  z.enum(BOOKING_TYPES, { error: BOOKING_MESSAGES.typeRequired }),
)

/** Service ids: one value or a list (a single checked checkbox posts a single value). */
export const serviceIdsSchema = z.preprocess(
  (v) => {
    const b = blankToUndefined(v)
    if (b === undefined) return []
    return Array.isArray(b) ? b.filter((x) => blankToUndefined(x) !== undefined) : [b]
  },
  z
    .array(idSchema, { error: BOOKING_MESSAGES.servicesRequired })
    .min(1, BOOKING_MESSAGES.servicesRequired)
    .max(50, BOOKING_MESSAGES.tooManyServices)
    .transform((ids) => [...new Set(ids)]),
)

const requiredId = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : blankToUndefined(v)),
    z
      .number({
        error: (iss) => (iss.input === undefined ? `${name} is required` : 'Must be an id'),
      })
      .int('Must be an id')
      .positive('Must be an id')
      .max(2_147_483_647, 'Must be an id'),
  )

function wallDateTimeSchema(required: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({
        error: (iss) => (iss.input === undefined ? required : BOOKING_MESSAGES.dateTimeShape),
      })
      .refine((v) => parseWallDateTime(v) !== null, BOOKING_MESSAGES.dateTimeShape)
      .transform((v) => formatWall(parseWallDateTime(v)!)),
  )
}

function isoDateSchema(required: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim()) : blankToUndefined(v)),
    z
      .string({ error: (iss) => (iss.input === undefined ? required : BOOKING_MESSAGES.dateShape) })
      .refine((v) => isValidIsoDate(v), BOOKING_MESSAGES.dateShape),
  )
}

function timeSchema(required: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim()) : blankToUndefined(v)),
    z
      .string({ error: (iss) => (iss.input === undefined ? required : BOOKING_MESSAGES.timeShape) })
      .refine((v) => {
        const m = TIME_OF_DAY.exec(v)
        return !!m && Number(m[1]) <= 23 && Number(m[2]) <= 59 && Number(m[3] ?? 0) <= 59
      }, BOOKING_MESSAGES.timeShape),
  )
}

const asType = (v: unknown) =>
  (BOOKING_TYPES as readonly unknown[]).includes(v) ? (v as BookingType) : undefined
const asWall = (v: unknown) =>
  typeof v === 'string' ? (parseWallDateTime(v) ?? undefined) : undefined

// ---- the API's shape: POST /api/bookings, PUT /api/bookings/{id} ----

/**
 * The JSON body of POST/PUT /api/bookings; `now` is the hotel's wall-clock
 * now; `started`, the stay under way that staff are changing.
 */
export function bookingApiSchema({ now, started }: { now: WallDateTime; started?: StartedStay }) {
  return z
    .object({
      id: z.unknown().optional(),
      client_id: requiredId('client_id'),
      pet_id: requiredId('pet_id'),
      booking_type: bookingTypeSchema,
      drop_off_date: wallDateTimeSchema(BOOKING_MESSAGES.dropOffDateRequired),
      pick_up_date: wallDateTimeSchema(BOOKING_MESSAGES.pickUpDateRequired),
      services: serviceIdsSchema,
    })
    .superRefine(
      (v, ctx) => {
        const apiField = {
          dropOffDate: 'drop_off_date',
          dropOffTime: 'drop_off_date',
          pickUpDate: 'pick_up_date',
          pickUpTime: 'pick_up_date',
        } as const
        checkBookingSchedule(
          {
            type: asType(v.booking_type),
            dropOff: asWall(v.drop_off_date),
            pickUp: asWall(v.pick_up_date),
          },
          now,
          (field, message) => ctx.addIssue({ code: 'custom', path: [apiField[field]], message }),
          started,
        )
        if (started && v.booking_type !== undefined && v.booking_type !== started.type)
          ctx.addIssue({
            code: 'custom',
            path: ['booking_type'],
            message: BOOKING_MESSAGES.startedKeepsType,
          })
      },
      // Run even when another field failed, so every problem is reported at once.
      { when: () => true },
    )
}

export type BookingApiInput = z.infer<ReturnType<typeof bookingApiSchema>>

// ---- the page's shape: /bookings/pet/:petId ----

/** The booking form: separate date and time inputs, service checkboxes. */
export function bookingFormSchema({ now }: { now: WallDateTime }) {
  return z.preprocess(dayCarePickUpDefaultsToDropOff, bookingFormObject({ now }))
}

// Day care is one day: the page may leave its pick-up date empty (the browser
// hides it), and then it is the drop-off date.
function dayCarePickUpDefaultsToDropOff(value: unknown) {
  if (!value || typeof value !== 'object') return value
  const v = value as Record<string, unknown>
  if (v.booking_type === 'day_care' && blankToUndefined(v.pick_up_date) === undefined)
    return { ...v, pick_up_date: v.drop_off_date }
  return value
}

function bookingFormObject({ now }: { now: WallDateTime }) {
  return z
    .object({
      booking_type: bookingTypeSchema,
      drop_off_date: isoDateSchema(BOOKING_MESSAGES.dropOffDateRequired),
      drop_off_time: timeSchema(BOOKING_MESSAGES.dropOffTimeRequired),
      pick_up_date: isoDateSchema(BOOKING_MESSAGES.pickUpDateRequired),
      pick_up_time: timeSchema(BOOKING_MESSAGES.pickUpTimeRequired),
      services: serviceIdsSchema,
    })
    .superRefine(
      (v, ctx) => {
        const formField = {
          dropOffDate: 'drop_off_date',
          dropOffTime: 'drop_off_time',
          pickUpDate: 'pick_up_date',
          pickUpTime: 'pick_up_time',
        } as const
        checkBookingSchedule(
          {
            type: asType(v.booking_type),
            dropOff: joinDateAndTime(v.drop_off_date, v.drop_off_time),
            pickUp: joinDateAndTime(v.pick_up_date, v.pick_up_time),
          },
          now,
          (field, message) => ctx.addIssue({ code: 'custom', path: [formField[field]], message }),
        )
      },
      { when: () => true },
    )
    .transform((v) => ({
      booking_type: v.booking_type,
      drop_off_date: formatWall(joinDateAndTime(v.drop_off_date, v.drop_off_time)!),
      pick_up_date: formatWall(joinDateAndTime(v.pick_up_date, v.pick_up_time)!),
      services: v.services,
    }))
}

export type BookingFormOutput = z.infer<ReturnType<typeof bookingFormSchema>>

// ---- the page's form for a stay under way (the Owner and Managers) ----

/**
 * Changing a stay that has started: a new pick-up date and time and the
 * services. Its drop-off and type are the stay's and cannot change; the
 * output is a whole booking, as the other shapes give.
 */
export function startedStayFormSchema({
  now,
  started,
}: {
  now: WallDateTime
  started: StartedStay
}) {
  return z
    .object({
      pick_up_date: isoDateSchema(BOOKING_MESSAGES.pickUpDateRequired),
      pick_up_time: timeSchema(BOOKING_MESSAGES.pickUpTimeRequired),
      services: serviceIdsSchema,
    })
    .superRefine(
      (v, ctx) => {
        const formField = { pickUpDate: 'pick_up_date', pickUpTime: 'pick_up_time' } as const
        checkBookingSchedule(
          {
            type: started.type,
            dropOff: parseWallDateTime(started.dropOff) ?? undefined,
            pickUp: joinDateAndTime(v.pick_up_date, v.pick_up_time),
          },
          now,
          (field, message) => {
            if (field === 'pickUpDate' || field === 'pickUpTime')
              ctx.addIssue({ code: 'custom', path: [formField[field]], message })
          },
          started,
        )
      },
      { when: () => true },
    )
    .transform((v) => ({
      booking_type: started.type,
      drop_off_date: started.dropOff,
      pick_up_date: formatWall(joinDateAndTime(v.pick_up_date, v.pick_up_time)!),
      services: v.services,
    }))
}
