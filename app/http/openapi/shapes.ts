import { z } from 'zod'
import { BOOKING_TYPES } from '~/domain/booking-rules'
import { BOOKING_STATUSES } from '~/domain/front-desk'
import { BEHAVIORS, GENDERS, PET_SIZES, PET_TYPES } from '~/domain/pet'
import { SERVICE_SPECIES } from '~/domain/service'
import { POSITIONS } from '~/domain/user'

// What the JSON API answers, as zod schemas: the OpenAPI document's answer
// shapes are made from these (the request shapes are the forms' own schemas,
// app/schemas). Objects are strict — a field the document does not name is
// a drift between code and contract, and the contract test fails on it.

const id = z.number().int().positive()
/** Hotel wall time, 'YYYY-MM-DD HH:MM:SS', the form of every date-time of the API. */
const wall = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  .meta({ description: "Hotel wall time, 'YYYY-MM-DD HH:MM:SS'", example: '2026-12-01 10:00:00' })
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ example: '2026-12-01' })
const dollars = z.number().meta({ description: 'US dollars', example: 55 })

export const ErrorBody = z
  .strictObject({
    message: z.string(),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'The message of each field at fault' }),
  })
  .meta({
    id: 'Error',
    description: 'Every refusal: a message a person can read, and the fields at fault',
    example: {
      message: 'Create Booking Failed',
      errors: { services: 'Choose at least one service' },
    },
  })

export const Message = z
  .strictObject({ message: z.string() })
  .meta({ id: 'Message', example: { message: 'Booking deleted' } })

export const User = z
  .strictObject({
    id,
    username: z.string(),
    email: z.string(),
    fname: z.string(),
    lname: z.string(),
    phone_num: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    staff: z.boolean(),
    position: z.enum(POSITIONS).optional().meta({ description: 'Staff only' }),
  })
  .meta({ id: 'User' })

export const ManagedUser = User.extend({ active: z.boolean() }).meta({ id: 'ManagedUser' })

const PetImage = z.strictObject({ id, url: z.string(), thumbnail: z.string() })

export const Pet = z
  .strictObject({
    id,
    name: z.string(),
    type: z.enum(PET_TYPES),
    breed: z.string(),
    age: z.number(),
    gender: z.enum(GENDERS),
    color: z.string(),
    weight: z.number(),
    dob: z.string(),
    size: z.enum(PET_SIZES),
    behavior: z.enum(BEHAVIORS),
    medication_note: z.string(),
    dietary_note: z.string(),
    vet_name: z.string(),
    vet_phone: z.string(),
    emergency_contact_name: z.string(),
    emergency_contact_phone: z.string(),
    owner_id: id,
    preview_image: z.string().nullable(),
    preview_thumbnail: z.string().nullable(),
    pet_images: z.array(PetImage),
  })
  .meta({ id: 'Pet' })

const StaffRef = z.strictObject({ id, fname: z.string(), lname: z.string() })

export const Service = z
  .strictObject({
    id,
    service: z.string(),
    price: dollars,
    staff: z.array(StaffRef),
    species: z.enum(SERVICE_SPECIES),
    description: z.string(),
  })
  .meta({ id: 'Service' })

export const Booking = z
  .strictObject({
    id,
    client_id: id,
    pet_id: id,
    booking_type: z.enum(BOOKING_TYPES),
    drop_off_date: wall,
    pick_up_date: wall,
    services: z.array(
      z.strictObject({ id, service: z.string(), price: dollars, staff: z.array(StaffRef) }),
    ),
    daily_price: dollars,
    days: z.number().int(),
    total: dollars,
    pet: z.strictObject({ id, name: z.string(), type: z.enum(PET_TYPES) }),
    started: z.boolean(),
    status: z.enum(BOOKING_STATUSES),
    checked_in_at: wall.nullable(),
    checked_out_at: wall.nullable(),
    cancelled_at: wall.nullable(),
    no_show_at: wall.nullable(),
    vaccinations_missing: z.array(z.string()),
    adjustments: z.array(
      z.strictObject({
        id,
        amount: dollars,
        reason: z.string(),
        by: z.string().nullable(),
        created_at: wall,
      }),
    ),
  })
  .meta({ id: 'Booking' })

export const Review = z
  .strictObject({
    id,
    review: z.string(),
    paws: z.number().int().min(1).max(5),
    client_id: id.nullable(),
    client_username: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Review' })

export const Vaccination = z
  .strictObject({
    id,
    pet_id: id,
    vaccine: z.string(),
    given_on: date,
    expires_on: date,
    verified: z.boolean(),
    certificate_url: z.string().nullable(),
  })
  .meta({ id: 'Vaccination' })

export const StayUpdate = z
  .strictObject({
    id,
    booking_id: id,
    note: z.string(),
    ate_well: z.boolean(),
    played: z.boolean(),
    medication_given: z.boolean(),
    photo_url: z.string().nullable(),
    author: z.string().nullable(),
    created_at: wall,
  })
  .meta({ id: 'StayUpdate' })

export const Settings = z
  .strictObject({
    dog_kennels: z.number().int(),
    cat_condos: z.number().int(),
    day_care_places: z.number().int(),
    day_care_daily_price: dollars,
    boarding_daily_price: dollars,
    required_vaccines_dog: z.array(z.string()),
    required_vaccines_cat: z.array(z.string()),
    vaccinations_required_to_book: z.boolean(),
  })
  .meta({ id: 'Settings' })

export const WaitlistEntry = z
  .strictObject({
    id,
    client_id: id,
    pet_id: id,
    pet: z.strictObject({ id, name: z.string(), type: z.enum(PET_TYPES) }),
    client_name: z.string(),
    booking_type: z.enum(BOOKING_TYPES),
    drop_off_date: wall,
    pick_up_date: wall,
    services: z.array(z.strictObject({ id, service: z.string() })),
    status: z.enum(['waiting', 'offered', 'booked', 'left', 'lapsed', 'expired']),
    hold_until: wall.nullable().meta({ description: 'Until when the place offered is held' }),
    booking_id: id.nullable(),
    created_at: wall,
  })
  .meta({ id: 'WaitlistEntry' })

export const ApiToken = z
  .strictObject({
    id,
    name: z.string(),
    read_only: z.boolean(),
    created_at: wall,
    last_used_at: wall.nullable(),
  })
  .meta({ id: 'ApiToken' })

/** An object with one list under `key`: {"bookings": [...]}. */
export const listOf = (key: string, item: z.ZodType) => z.strictObject({ [key]: z.array(item) })
/** An object with one thing under `key`: {"booking": {...}}. */
export const oneOf = (key: string, item: z.ZodType) => z.strictObject({ [key]: item })
