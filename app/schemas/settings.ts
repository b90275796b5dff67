import { z } from 'zod'
import { dollarsToCents } from '~/domain/booking-rules'
import { blankToUndefined, checkbox } from './fields'

// The hotel settings form (/settings): capacity per unit, the daily price of
// each booking type, the vaccines each species needs and whether a booking
// is refused while one is missing. Prices are typed in dollars and kept in
// cents; the vaccines are a comma-separated line on the page and a list in JSON.

export const MAX_CAPACITY = 10_000

function capacity(label: string) {
  return z.preprocess(
    (v) => {
      const b = typeof v === 'string' ? blankToUndefined(v.trim()) : blankToUndefined(v)
      return typeof b === 'string' && /^-?\d+$/.test(b) ? Number(b) : b
    },
    z
      .number({
        error: (iss) =>
          iss.input === undefined ? `${label} is required` : `${label} must be a whole number`,
      })
      .int(`${label} must be a whole number`)
      .min(0, `${label} cannot be negative`)
      .max(MAX_CAPACITY, `${label} must be at most ${MAX_CAPACITY}`),
  )
}

function dailyPrice(label: string) {
  return z.preprocess(
    (v) =>
      typeof v === 'string' ? blankToUndefined(v.trim().replace(/^\$/, '')) : blankToUndefined(v),
    z
      .union([z.string(), z.number()], {
        error: (iss) =>
          iss.input === undefined ? `${label} is required` : `${label} must be a price like 55.00`,
      })
      .transform((v, ctx) => {
        const cents = dollarsToCents(v)
        if (cents === null) {
          ctx.addIssue({ code: 'custom', message: `${label} must be a price like 55.00` })
          return z.NEVER
        }
        if (cents <= 0) {
          ctx.addIssue({ code: 'custom', message: `${label} must be a positive number` })
          return z.NEVER
        }
        return cents
      }),
  )
}

export const MAX_REQUIRED_VACCINES = 10
export const MAX_VACCINE_NAME = 60

/** A species' required vaccines: "Rabies, DHPP" on the page, ["Rabies", "DHPP"] in JSON; none is allowed. */
function vaccineList(label: string) {
  return z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean)
        : v,
    z
      .array(
        z
          .string({ error: `${label} must be vaccine names` })
          .trim()
          .min(1, `${label} must be vaccine names`)
          .max(
            MAX_VACCINE_NAME,
            `${label}: a vaccine name is at most ${MAX_VACCINE_NAME} characters`,
          ),
        { error: `${label} must be a list of vaccine names` },
      )
      .max(MAX_REQUIRED_VACCINES, `${label}: at most ${MAX_REQUIRED_VACCINES} vaccines`)
      .refine(
        (names) => new Set(names.map((n) => n.toLowerCase())).size === names.length,
        `${label}: a vaccine is listed twice`,
      ),
  )
}

const onOff = checkbox('vaccinations_required_to_book')

export const settingsSchema = z.object({
  dog_kennels: capacity('Dog kennels'),
  cat_condos: capacity('Cat condos'),
  day_care_places: capacity('Day care places'),
  day_care_daily_price: dailyPrice('Day care daily price'),
  boarding_daily_price: dailyPrice('Boarding daily price'),
  required_vaccines_dog: vaccineList('Vaccines for dogs'),
  required_vaccines_cat: vaccineList('Vaccines for cats'),
  // Optional: an unticked checkbox sends nothing (the page reads that as off).
  vaccinations_required_to_book: onOff.optional(),
})

/** Capacity as counts, prices in cents. */
export type SettingsInput = z.infer<typeof settingsSchema>

export const SETTINGS_PATCH_EMPTY =
  'Send at least one of dog_kennels, cat_condos, day_care_places, day_care_daily_price, boarding_daily_price, required_vaccines_dog, required_vaccines_cat, vaccinations_required_to_book'

/**
 * PUT /api/settings: any of the fields, alone or together; the others keep
 * their values. A body with none of them is a mistake (a misspelt name,
 * say), not a request to change nothing.
 */
export const settingsPatchSchema = settingsSchema
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), SETTINGS_PATCH_EMPTY)
export type SettingsPatch = z.infer<typeof settingsPatchSchema>
