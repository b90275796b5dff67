import { z } from 'zod'
import { dollarsToCents } from '~/domain/booking-rules'
import { blankToUndefined } from './fields'

// A line on a booking's price, from the pet page's form and from
// POST /api/bookings/{id}/adjustments: an amount in dollars — negative for a
// discount ("-40", "-40.00", "−$40"), positive for a fee — never zero, at
// most $10,000 either way, and the reason (what the client will read).

export const ADJUSTMENT_MAX_CENTS = 1_000_000
export const ADJUSTMENT_REASON_MAX = 200

export const ADJUSTMENT_MESSAGES = {
  amount: 'Amount must be an amount like -40.00 (a discount) or 15.00 (a fee)',
  zero: 'Amount cannot be zero',
  tooBig: 'Amount can be at most $10,000.00 either way',
  reason: 'Reason is required',
  belowZero: 'The total cannot go below $0.00',
  cancelled: 'A cancelled booking has nothing to adjust',
} as const

/**
 * Signed dollars → cents ('-40', '−$40.50', 15, '+15'); null for anything else.
 * An amount is one line: spaces may sit between sign, `$` and digits, a line
 * break may not (and without one the pattern below always matches).
 */
function signedCents(value: unknown): number | null {
  if (typeof value === 'number')
    return value < 0 ? negate(dollarsToCents(-value)) : dollarsToCents(value)
  if (typeof value !== 'string' || /[\n\r\u2028\u2029]/.test(value)) return null
  const m = /^\s*([-−+]?)\s*\$?\s*(.*)$/.exec(value)!
  const cents = dollarsToCents(m[2])
  return m[1] === '-' || m[1] === '−' ? negate(cents) : cents
}
const negate = (cents: number | null) => (cents === null ? null : -cents)

export const priceAdjustmentSchema = z.object({
  amount: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim()) : v),
    z
      .unknown()
      .refine((v) => v !== undefined, 'Amount is required')
      .transform((v, ctx) => {
        const cents = signedCents(v)
        if (cents === null) ctx.addIssue({ code: 'custom', message: ADJUSTMENT_MESSAGES.amount })
        else if (cents === 0) ctx.addIssue({ code: 'custom', message: ADJUSTMENT_MESSAGES.zero })
        else if (Math.abs(cents) > ADJUSTMENT_MAX_CENTS)
          ctx.addIssue({ code: 'custom', message: ADJUSTMENT_MESSAGES.tooBig })
        else return cents
        return z.NEVER
      }),
  ),
  reason: z
    .string({ error: ADJUSTMENT_MESSAGES.reason })
    .trim()
    .min(1, ADJUSTMENT_MESSAGES.reason)
    .max(ADJUSTMENT_REASON_MAX, `Reason must be at most ${ADJUSTMENT_REASON_MAX} characters`),
})

/** `amount` in cents once parsed. */
export type PriceAdjustmentInput = z.infer<typeof priceAdjustmentSchema>
