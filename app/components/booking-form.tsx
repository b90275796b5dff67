/**
 * The booking form of /bookings/pet/:petId, for a new booking and for updating
 * the current one, in the order a person decides: type → dates → times → services →
 * submit. The rules are the shared schema's (app/schemas/booking.ts), checked
 * as you type with JavaScript and always on the server.
 *
 * The running total ('Total cost: $…') is computed from the form's values with
 * the same pricing rule as the server: live with JavaScript; without it, the
 * "Show total" button posts the form and the server renders it back priced.
 * With JavaScript, Book stays disabled until a service is chosen.
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useEffect, useState, type ReactNode } from 'react'
import { Form } from 'react-router'
import { BookingBreakdown, type Breakdown } from './booking-summary'
import {
  CheckboxGroupField,
  FormErrors,
  InputField,
  RadioGroupField,
  SelectField,
  useErrorSummaryAction,
} from './form-field'
import { SubmitButton } from './submit-button'
import type { BookingFormOutput } from '~/schemas/booking'
import {
  BOOKING_TYPE_LABELS,
  BOOKING_TYPES,
  DROP_OFF_TIME_OPTIONS,
  formatDollars,
  joinDateAndTime,
  maxBookingDate,
  minBookingDate,
  PICK_UP_TIME_OPTIONS,
  priceBooking,
  type BookingType,
} from '~/domain/booking-rules'
import { nightsHeld } from '~/domain/booking-states'
import {
  addDays,
  formatWall,
  formatWallDate,
  formatWallTime,
  type IsoDate,
  type WallDateTime,
} from '~/domain/hotel-time'
import { lazySchema, useSchemaForm } from './use-schema-form'
import { Notice } from './notice'

const loadBookingSchemas = () => import('~/schemas/booking')

export type BookingFormValue = {
  booking_type?: string
  drop_off_date?: string
  drop_off_time?: string
  pick_up_date?: string
  pick_up_time?: string
  services?: string[]
}

export type ServiceChoice = { id: number; service: string; price_cents: number }

/** The total's id: where "Show total" (no JavaScript) comes back to. */
export const BOOKING_TOTAL_ID = 'booking-total'

export function BookingForm({
  id,
  intent,
  action,
  bookingId,
  defaultValue,
  lastResult,
  now,
  prices,
  services,
  fullDates,
  fullDatesUntil,
  petType,
  cancel,
}: {
  id: string
  intent: 'create' | 'update'
  action: string
  bookingId?: number
  defaultValue?: BookingFormValue
  lastResult?: SubmissionResult<string[]> | null
  /** The hotel's wall-clock now, from the server: the page validates against the hotel's clock, not the browser's. */
  now: WallDateTime
  prices: Record<BookingType, number>
  services: ServiceChoice[]
  fullDates: Record<BookingType, IsoDate[]>
  fullDatesUntil: IsoDate
  petType: 'cat' | 'dog'
  cancel?: ReactNode
}) {
  const summaryAction = useErrorSummaryAction(action)
  const [form, fields] = useSchemaForm<BookingFormValue, BookingFormOutput>(
    lazySchema(loadBookingSchemas, (schemas) => schemas.bookingFormSchema({ now })),
    {
      id,
      lastResult,
      defaultValue,
    },
  )
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  const value = (form.value ?? {}) as BookingFormValue
  const type = BOOKING_TYPES.find((t) => t === value.booking_type)
  const dayCare = type === 'day_care'
  const chosenIds = toList(value.services)
  const chosen = services.filter((s) => chosenIds.includes(String(s.id)))
  const breakdown = liveBreakdown({ value, type, prices, chosen })
  const clashes = type && breakdown ? fullDatesHit(type, breakdown, fullDates) : []
  const today = minBookingDate(now)
  const noService = chosen.length === 0

  return (
    <Form
      method="post"
      action={summaryAction}
      {...getFormProps(form)}
      className="form booking-form"
    >
      {bookingId !== undefined ? <input type="hidden" name="booking_id" value={bookingId} /> : null}
      <FormErrors form={form} />

      <RadioGroupField
        meta={fields.booking_type}
        legend="1. Type of stay"
        options={BOOKING_TYPES.map((t) => ({
          value: t,
          label: (
            <>
              {BOOKING_TYPE_LABELS[t]}{' '}
              <span className="muted">({formatDollars(prices[t])} a day)</span>
            </>
          ),
        }))}
        hint="Day care is one day; boarding is counted in days from drop-off to pick-up."
      />

      <fieldset className="booking-step">
        <legend className="field-label">2. Dates</legend>
        <div className="form-grid">
          <InputField
            meta={fields.drop_off_date}
            type="date"
            label={dayCare ? 'Date' : 'Drop-Off Date'}
            min={today}
            max={maxBookingDate(now)}
          />
          {dayCare ? null : (
            <InputField
              meta={fields.pick_up_date}
              type="date"
              label="Pick-Up Date"
              min={today}
              max={addDays(today, 730)}
              hint={type ? undefined : 'For day care, leave it empty or repeat the drop-off date.'}
            />
          )}
        </div>
      </fieldset>

      <fieldset className="booking-step">
        <legend className="field-label">3. Times</legend>
        <div className="form-grid">
          <SelectField
            meta={fields.drop_off_time}
            label="Drop-Off Time"
            placeholder="Choose a time"
            options={DROP_OFF_TIME_OPTIONS.map((t) => ({ value: t, label: formatWallTime(t) }))}
          />
          <SelectField
            meta={fields.pick_up_time}
            label="Pick-Up Time"
            placeholder="Choose a time"
            options={PICK_UP_TIME_OPTIONS.map((t) => ({ value: t, label: formatWallTime(t) }))}
          />
        </div>
      </fieldset>

      {services.length ? (
        <CheckboxGroupField
          meta={fields.services}
          legend="4. Services"
          hint="Choose at least one."
          options={serviceOptions(services)}
        />
      ) : (
        <Notice tone="warning" quiet>
          No services are offered at the moment, so a booking cannot be made.
        </Notice>
      )}

      <FullDatesNotice
        fullDates={fullDates}
        until={fullDatesUntil}
        petType={petType}
        clashes={clashes}
      />

      <section
        id={BOOKING_TOTAL_ID}
        tabIndex={-1}
        className="booking-total-panel"
        aria-live="polite"
        aria-label="Total cost"
      >
        {breakdown ? (
          <BookingBreakdown breakdown={breakdown} caption="Your booking" />
        ) : (
          <>
            <p className="booking-total">
              Total cost: {formatDollars(chosen.reduce((sum, s) => sum + s.price_cents, 0))}
            </p>
            <p className="muted text-sm">
              {type ? `Plus ${formatDollars(prices[type])} a day` : 'Plus the daily price'} once the
              type, dates and times are chosen.
            </p>
          </>
        )}
      </section>

      <div className="form-actions cluster">
        <SubmitButton
          name="intent"
          value={intent}
          className="btn btn-primary btn-lg"
          pendingText={intent === 'create' ? 'Booking…' : 'Updating…'}
          disabled={hydrated && noService}
          aria-describedby={hydrated && noService ? `${id}-needs-service` : undefined}
        >
          {intent === 'create' ? 'Book Reservation' : 'Update Reservation'}
        </SubmitButton>
        {hydrated ? null : (
          // Comes back at #booking-total: the browser scrolls to the figure.
          <SubmitButton
            name="intent"
            value="quote"
            className="btn btn-secondary"
            formNoValidate
            formAction={`${summaryAction.split('#')[0]}#${BOOKING_TOTAL_ID}`}
          >
            Show total
          </SubmitButton>
        )}
        {cancel}
      </div>
      {hydrated && noService ? (
        <p id={`${id}-needs-service`} className="muted text-sm">
          Choose at least one service to book.
        </p>
      ) : null}
    </Form>
  )
}

/** The services as checkboxes: each with its price. */
export function serviceOptions(services: ServiceChoice[]) {
  return services.map((s) => ({
    value: String(s.id),
    label: (
      <>
        {s.service} <span className="price">{formatDollars(s.price_cents)}</span>
      </>
    ),
  }))
}

function toList(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string')
  return typeof v === 'string' && v ? [v] : []
}

/** The price of what is chosen so far, once type, dates and times make a valid stay. */
function liveBreakdown({
  value,
  type,
  prices,
  chosen,
}: {
  value: BookingFormValue
  type: BookingType | undefined
  prices: Record<BookingType, number>
  chosen: ServiceChoice[]
}): (Breakdown & { dropOff: WallDateTime; pickUp: WallDateTime }) | undefined {
  if (!type) return undefined
  const dropOff = joinDateAndTime(value.drop_off_date, value.drop_off_time)
  const pickUp = joinDateAndTime(
    type === 'day_care' ? value.pick_up_date || value.drop_off_date : value.pick_up_date,
    value.pick_up_time,
  )
  if (!dropOff || !pickUp) return undefined
  const from = formatWall(dropOff)
  const to = formatWall(pickUp)
  if (to <= from) return undefined
  if (type === 'boarding_care' && pickUp.date <= dropOff.date) return undefined
  if (type === 'day_care' && pickUp.date !== dropOff.date) return undefined
  const price = priceBooking({
    type,
    dropOff: from,
    pickUp: to,
    dailyPriceCents: prices[type],
    servicePricesCents: chosen.map((s) => s.price_cents),
  })
  return {
    type,
    days: price.days,
    dailyPriceCents: price.dailyPriceCents,
    services: chosen.map((s) => ({ id: s.id, service: s.service, priceCents: s.price_cents })),
    totalCents: price.totalCents,
    dropOff: from,
    pickUp: to,
  }
}

function fullDatesHit(
  type: BookingType,
  stay: { dropOff: WallDateTime; pickUp: WallDateTime },
  fullDates: Record<BookingType, IsoDate[]>,
) {
  const full = new Set(fullDates[type])
  return nightsHeld(type, stay.dropOff, stay.pickUp).filter((d) => full.has(d))
}

/** Runs of consecutive dates: ['03-10','03-11','03-14'] → [['03-10','03-11'], ['03-14','03-14']]. */
export function dateRuns(dates: IsoDate[]): [IsoDate, IsoDate][] {
  const runs: [IsoDate, IsoDate][] = []
  for (const d of [...dates].sort()) {
    const last = runs[runs.length - 1]
    if (last && addDays(last[1], 1) === d) last[1] = d
    else runs.push([d, d])
  }
  return runs
}

function RunList({ dates }: { dates: IsoDate[] }) {
  const runs = dateRuns(dates)
  if (!runs.length) return <span>none</span>
  return (
    <ul className="full-date-list">
      {runs.map(([a, b]) => (
        <li key={a}>
          {a === b ? formatWallDate(a) : `${formatWallDate(a)} – ${formatWallDate(b)}`}
        </li>
      ))}
    </ul>
  )
}

/** Which dates are already full for this pet's type, shown before submitting. */
export function FullDatesNotice({
  fullDates,
  until,
  petType,
  clashes,
}: {
  fullDates: Record<BookingType, IsoDate[]>
  until: IsoDate
  petType: 'cat' | 'dog'
  clashes: IsoDate[]
}) {
  const none = !fullDates.boarding_care.length && !fullDates.day_care.length
  return (
    <section className="full-dates" aria-labelledby="full-dates-title">
      <h3 id="full-dates-title" className="field-label full-dates-title">
        Availability until {formatWallDate(until)}
      </h3>
      {none ? (
        <p className="muted text-sm">Every date has room for your {petType}.</p>
      ) : (
        <div className="full-dates-grid">
          <div>
            <p className="text-sm">
              <strong>
                Boarding full ({petType === 'dog' ? 'dog kennels' : 'cat condos'}), nights:
              </strong>
            </p>
            <RunList dates={fullDates.boarding_care} />
          </div>
          <div>
            <p className="text-sm">
              <strong>Day care full:</strong>
            </p>
            <RunList dates={fullDates.day_care} />
          </div>
        </div>
      )}
      {clashes.length ? (
        <Notice tone="warning">
          {formatWallDate(clashes[0])} is fully booked
          {clashes.length > 1
            ? `, and ${clashes.length - 1} more of your ${clashes.length - 1 === 1 ? 'date' : 'dates'}`
            : ''}
          . Please choose other dates.
        </Notice>
      ) : null}
    </section>
  )
}
