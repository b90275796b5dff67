/**
 * A booking's price lines (what the Owner or a Manager added, with why) and,
 * for them, the form that adds one: a disclosure under the stay that posts
 * without JavaScript and comes back to the stay; a refusal shows beside it.
 *
 *   <AdjustmentLines booking={b} />
 *   <AdjustPriceForm booking={b} action={`/pets/${petId}`} error={errorFor(b.id)} />
 */
import { Form } from 'react-router'
import type { Booking } from '~/domain/booking'
import { formatSignedDollars } from '~/domain/booking-rules'
import { ADJUSTMENT_REASON_MAX } from '~/schemas/price-adjustment'
import { SubmitButton } from './submit-button'

/** A line's amount (dollars, as the JSON has it) with its sign. */
const signed = (amount: number) => formatSignedDollars(Math.round(amount * 100))

export function AdjustmentLines({ booking }: { booking: Booking }) {
  if (!booking.adjustments.length) return null
  return (
    <ul className="adjustment-lines text-sm" aria-label="Price adjustments">
      {booking.adjustments.map((a) => (
        <li key={a.id}>
          <span className="price">{signed(a.amount)}</span> {a.amount < 0 ? 'Discount' : 'Fee'}:{' '}
          {a.reason}
        </li>
      ))}
    </ul>
  )
}

export function AdjustPriceForm({
  booking,
  action,
  error,
}: {
  booking: Booking
  /** Where the form posts (the page it is on). */
  action: string
  /** Why the last try on this booking was refused. */
  error?: string
}) {
  const id = `adjust-${booking.id}`
  return (
    <details className="adjust-price" open={!!error}>
      <summary>Adjust the price</summary>
      <Form
        method="post"
        action={`${action}#booking-${booking.id}`}
        preventScrollReset
        className="form adjust-price-form"
      >
        <input type="hidden" name="id" value={booking.id} />
        {error ? (
          <p className="field-error" role="alert" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
        <div className="field">
          <label className="field-label" htmlFor={`${id}-amount`}>
            Amount in dollars
          </label>
          <input
            id={`${id}-amount`}
            name="amount"
            className="field-control"
            inputMode="decimal"
            autoComplete="off"
            required
            maxLength={12}
            aria-describedby={`${id}-amount-hint${error ? ` ${id}-error` : ''}`}
          />
          <p id={`${id}-amount-hint`} className="field-hint">
            Negative for a discount (-40.00), positive for a fee (15.00).
          </p>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-reason`}>
            Reason (the client sees it)
          </label>
          <input
            id={`${id}-reason`}
            name="reason"
            className="field-control"
            autoComplete="off"
            required
            maxLength={ADJUSTMENT_REASON_MAX}
          />
        </div>
        <div className="form-actions cluster">
          <SubmitButton
            name="intent"
            value="adjust-price"
            pendingText="Adding…"
            className="btn btn-secondary btn-sm"
          >
            Add to the price
          </SubmitButton>
        </div>
      </Form>
    </details>
  )
}
