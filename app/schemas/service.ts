import { z } from 'zod'
import { dollarsToCents } from '~/domain/booking-rules'
import { SERVICE_DESCRIPTION_MAX, SERVICE_SPECIES } from '~/domain/service'
import { blankToUndefined, idSchema } from './fields'

// The service form (Create a Service / Update on /services) and
// POST/PUT /api/services share these rules and messages.

export const SERVICE_NAME_MAX = 100

export const serviceMessages = {
  nameRequired: 'Service name is required',
  nameTooLong: `Service name must be at most ${SERVICE_NAME_MAX} characters`,
  nameNul: 'Service name cannot contain a null character',
  priceRequired: 'Price is required',
  priceInvalid: 'Price must be a positive number with at most 2 decimals',
  staffInvalid: 'Staff must be a list of staff user ids',
  duplicate: 'A service with this name already exists',
  speciesInvalid: 'Species must be dog, cat or both',
  descriptionTooLong: `Description must be at most ${SERVICE_DESCRIPTION_MAX} characters`,
  descriptionInvalid: 'Description must be text without null characters',
} as const

const serviceName = z.preprocess(
  blankToUndefined,
  z
    .string({
      error: (iss) =>
        iss.input === undefined ? serviceMessages.nameRequired : 'Service name must be text',
    })
    .max(SERVICE_NAME_MAX, serviceMessages.nameTooLong)
    // PostgreSQL text cannot hold U+0000; refuse it here rather than fail in the database.
    .refine((v) => !v.includes('\u0000'), serviceMessages.nameNul),
)

/**
 * Dollars as a JSON number (12.5) or text ("12.50"), at most 2 decimals, turned
 * into whole cents without floating-point arithmetic. The output is cents.
 */
const price = z
  .preprocess(blankToUndefined, z.unknown())
  .superRefine((value, ctx) => {
    if (value === undefined)
      ctx.addIssue({ code: 'custom', message: serviceMessages.priceRequired })
    else if (!((dollarsToCents(value) ?? 0) > 0))
      ctx.addIssue({ code: 'custom', message: serviceMessages.priceInvalid })
  })
  .transform((value) => dollarsToCents(value) as number)

/** Staff user ids: a list (JSON), one checkbox value (a form with one box ticked) or none. */
const staff = z
  .preprocess(
    (v) =>
      v === undefined || v === null || v === ''
        ? []
        : typeof v === 'string' || typeof v === 'number'
          ? [v]
          : v,
    z
      .array(z.unknown(), { error: serviceMessages.staffInvalid })
      .max(200, serviceMessages.staffInvalid),
  )
  .superRefine((ids, ctx) => {
    if (!ids.every((id) => idSchema.safeParse(id).success))
      ctx.addIssue({ code: 'custom', message: serviceMessages.staffInvalid })
  })
  .transform((ids) => [...new Set(ids.map((id) => idSchema.parse(id) as number))])

/**
 * Who the service is for. Optional: a create without it is for both, an
 * update without it keeps what the service had (clients written before
 * species existed send neither).
 */
const species = z.preprocess(
  blankToUndefined,
  z.enum(SERVICE_SPECIES, { error: serviceMessages.speciesInvalid }).optional(),
)

/** A short description; optional like species ('' clears it). */
const description = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .string({ error: serviceMessages.descriptionInvalid })
    .refine((v) => !v.includes('\u0000'), serviceMessages.descriptionInvalid)
    .transform((v) => v.trim())
    .refine((v) => v.length <= SERVICE_DESCRIPTION_MAX, serviceMessages.descriptionTooLong)
    .optional(),
)

export const serviceSchema = z.object({
  service: serviceName,
  price,
  staff,
  species,
  description,
})

export type ServiceInput = z.infer<typeof serviceSchema>
