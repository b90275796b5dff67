/**
 * Changing a stay that has started (the Owner and Managers, on the pet's
 * booking page): a new pick-up — later to extend, earlier to shorten — and
 * its services. The drop-off is history and is shown, not asked. Its nights
 * keep the daily price it was booked at and its services theirs; a service
 * added now takes today's price. A plain form post; with JavaScript the
 * shared schema checks it as you type.
 *
 *   <StartedStayForm booking={current} started={{ dropOff, type }} now={now}
 *     services={services} action={`/bookings/pet/${petId}?change`} cancel={<Link …/>} />
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import type { Booking } from '~/domain/booking'
import { formatDollars, PICK_UP_TIME_OPTIONS } from '~/domain/booking-rules'
import { formatWallDateTime, formatWallTime } from '~/domain/hotel-time'
import type { StartedStay } from '~/schemas/booking'
import { serviceOptions, type ServiceChoice } from './booking-form'
import {
  CheckboxGroupField,
  FormErrors,
  InputField,
  SelectField,
  useErrorSummaryAction,
} from './form-field'
import { SubmitButton } from './submit-button'
import { lazySchema, useSchemaForm } from './use-schema-form'

const loadBookingSchemas = () => import('~/schemas/booking')

type StartedStayValue = { pick_up_date: string; pick_up_time: string; services: string[] }

export function StartedStayForm({
  booking,
  started,
  now,
  services,
  action,
  lastResult,
  cancel,
}: {
  booking: Booking
  started: StartedStay
  now: string
  /** The services bookable for the pet today. */
  services: ServiceChoice[]
  action: string
  lastResult?: SubmissionResult<string[]> | null
  cancel?: ReactNode
}) {
  const summaryAction = useErrorSummaryAction(action)
  const [form, fields] = useSchemaForm<StartedStayValue>(
    lazySchema(loadBookingSchemas, (schemas) => schemas.startedStayFormSchema({ now, started })),
    {
      id: 'change-stay',
      lastResult,
      defaultValue: {
        pick_up_date: booking.pick_up_date.slice(0, 10),
        pick_up_time: booking.pick_up_date.slice(11, 16),
        services: booking.services.map((s) => String(s.id)),
      },
    },
  )
  // What the stay has keeps its booked price; what can be added shows today's.
  const booked = new Map(booking.services.map((s) => [s.id, Math.round(s.price * 100)]))
  const choices = [
    ...booking.services.map((s) => ({
      id: s.id,
      service: s.service,
      price_cents: booked.get(s.id)!,
    })),
    ...services.filter((s) => !booked.has(s.id)),
  ]
  return (
    <Form method="post" action={summaryAction} {...getFormProps(form)} className="form">
      <input type="hidden" name="booking_id" value={booking.id} />
      <FormErrors form={form} />
      <p className="muted text-sm">
        Dropped off {formatWallDateTime(booking.drop_off_date)}. The nights keep the price they were
        booked at ({formatDollars(Math.round(booking.daily_price * 100))} a day), and so do the
        services already booked; a service added now is at today’s price.
      </p>
      <div className="form-grid">
        <InputField
          meta={fields.pick_up_date}
          type="date"
          label="Pick-Up Date"
          min={now.slice(0, 10)}
        />
        <SelectField
          meta={fields.pick_up_time}
          label="Pick-Up Time"
          placeholder="Choose a time"
          options={PICK_UP_TIME_OPTIONS.map((t) => ({ value: t, label: formatWallTime(t) }))}
        />
      </div>
      <CheckboxGroupField
        meta={fields.services}
        legend="Services"
        hint="At least one."
        options={serviceOptions(choices)}
      />
      <div className="form-actions cluster">
        <SubmitButton name="intent" value="change-stay" pendingText="Saving…">
          Save changes to the stay
        </SubmitButton>
        {cancel}
      </div>
    </Form>
  )
}
