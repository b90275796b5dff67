import { z } from 'zod'
import { dollarsToCents } from '~/domain/booking-rules'
import { blankToUndefined } from './fields'

// The hotel settings form (/settings): capacity per unit and the daily price of
// each booking type. Prices are typed in dollars and kept in cents.

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

export const settingsSchema = z.object({
  dog_kennels: capacity('Dog kennels'),
  cat_condos: capacity('Cat condos'),
  day_care_places: capacity('Day care places'),
  day_care_daily_price: dailyPrice('Day care daily price'),
  boarding_daily_price: dailyPrice('Boarding daily price'),
})

/** Capacity as counts, prices in cents. */
export type SettingsInput = z.infer<typeof settingsSchema>

export const SETTINGS_PATCH_EMPTY =
  'Send at least one of dog_kennels, cat_condos, day_care_places, day_care_daily_price, boarding_daily_price'

/**
 * PUT /api/settings: any of the fields, alone or together; the others keep
 * their values. A body with none of them is a mistake (a misspelt name,
 * say), not a request to change nothing.
 */
export const settingsPatchSchema = settingsSchema
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), SETTINGS_PATCH_EMPTY)
export type SettingsPatch = z.infer<typeof settingsPatchSchema>
