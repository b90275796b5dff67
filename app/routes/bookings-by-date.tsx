import { data, Form, redirect } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/bookings-by-date'
import { DaySheetList, OccupancyMeters } from '~/components/booking-day-sheet'
import { OccupancyCalendar } from '~/components/booking-month-calendar'
import { EmptyState } from '~/components/empty-state'
import { PrintButton, RunSheet } from '~/components/run-sheet'
import {
  addDays,
  addMonths,
  calendarDateProblem,
  firstOfMonth,
  formatMonth,
  formatWallDate,
  formatWallDateLong,
} from '~/domain/hotel-time'
import { FRONT_DESK_ACTIONS } from '~/domain/front-desk'
import { canRunFrontDesk, canSeeDaySheet } from '~/domain/permissions'
import { requireUser } from '~/http/auth.server'
import { attempt, pageHandler, readIntent } from '~/http/form.server'
import { publicOrigin } from '~/http/public-origin.server'
import { readFormData } from '~/http/request-body.server'
import { recordFrontDeskAction } from '~/models/booking/front-desk.server'
import { hotelClock } from '~/infra/clock.server'
import { getDaySheet } from '~/models/booking/day-sheet.server'
import { WaitlistOnDate } from '~/components/waitlist'
import { occupancyByDate } from '~/models/booking/occupancy.server'
import { PageErrorBoundary } from '~/components/error-view'
import { pageMeta } from '~/domain/hotel'
import { PageHeader } from '~/components/page-header'
import { loaderJson, readLoaderJson, useLoaderJson } from '~/components/loader-json'

// /bookingsByDate — the staff day sheet. A GET form, so the
// date is in the URL (?date=YYYY-MM-DD, today in hotel time by default): the
// day's arrivals, departures, pets staying over and day-care pets with what
// staff need to know, occupancy against capacity, the stays waiting for a
// place that day (the waitlist), and the month at a glance.

export const loader = pageHandler(async ({ request, url }: Route.LoaderArgs) => {
  const actor = await requireUser(request, { can: canSeeDaySheet })
  const raw = url.searchParams.get('date')?.trim() ?? ''
  const { today } = hotelClock()
  // A date the calendar does not keep (not a date, before 2000, more than ten
  // years ahead) answers 400 and shows today, saying why.
  const problem = raw === '' ? null : calendarDateProblem(raw, today)
  const date = raw && !problem ? raw : today
  const month = date.slice(0, 7)
  const [{ sheet, waitlist }, monthly] = await Promise.all([
    getDaySheet({ date, actor }),
    occupancyByDate({
      from: firstOfMonth(month),
      to: addDays(firstOfMonth(addMonths(month, 1)), -1),
    }),
  ])
  const page = loaderJson({
    date,
    today,
    now: hotelClock().now,
    problem,
    sheet,
    waitlist,
    month,
    monthly,
  })
  return problem ? data(page, { status: 400 }) : page
})

// The front desk's taps (check in, check out, undo the same day) on an entry.
// Without JavaScript: back to the sheet at that entry, or the refusal shown
// on it. With JavaScript (the form says `in_place`): the answer itself, so the
// entry updates where it is.
export const action = pageHandler(async ({ request, url }: Route.ActionArgs) => {
  const actor = await requireUser(request, { can: canRunFrontDesk })
  const formData = await readFormData(request)
  const { intent, id } = readIntent(formData, FRONT_DESK_ACTIONS)
  if (id === null) throw data('Booking not found', { status: 404 })
  const inPlace = formData.get('in_place') === '1'
  const done = await attempt(() =>
    recordFrontDeskAction({ actor, id, action: intent, origin: publicOrigin(request) }),
  )
  if (!done.ok) {
    // Gone meanwhile: the sheet shows the truth.
    if (done.error.kind === 'not_found' && !inPlace) throw redirect(`${url.pathname}${url.search}`)
    return data({ error: done.error.message, id }, { status: done.error.status })
  }
  if (inPlace) return { error: undefined, id }
  throw redirect(`${url.pathname}${url.search}#booking-${id}`)
})

export default function BookingsByDatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { date, today, now, problem, sheet, waitlist, month, monthly } = useLoaderJson(loaderData)
  const errors = actionData?.error ? { [actionData.id]: actionData.error } : {}
  const nothing =
    !sheet.arrivals.length &&
    !sheet.departures.length &&
    !sheet.staying.length &&
    !sheet.dayCare.length
  return (
    <div className="container page day-sheet-page">
      <PageHeader
        title="Daily Bookings"
        description={`${formatWallDateLong(date)}${date === today ? ' (today)' : ''}`}
        actions={
          <>
            <PrintButton />
            <a
              className="btn btn-ghost"
              href={`/bookingsByDate.csv?date=${date}`}
              download={`run-sheet-${date}.csv`}
            >
              Download CSV
              <span className="visually-hidden"> of the run sheet, {formatWallDate(date)}</span>
            </a>
          </>
        }
      />

      <div className="day-sheet-controls panel">
        <Form method="get" className="day-sheet-date-form">
          <div className="field">
            <label className="field-label" htmlFor="day-sheet-date">
              Date
            </label>
            <input
              id="day-sheet-date"
              className="field-control"
              type="date"
              name="date"
              defaultValue={date}
              key={date}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'day-sheet-date-error' : undefined}
            />
            {problem ? (
              <p id="day-sheet-date-error" className="field-error">
                {problem}. Showing today instead.
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary">
            Show
          </button>
        </Form>
        <nav className="cluster day-sheet-nav" aria-label="Other days">
          <Link
            className="btn btn-secondary btn-sm"
            to={`/bookingsByDate?date=${addDays(date, -1)}`}
            rel="prev"
          >
            <span aria-hidden="true">←</span> Previous day
            <span className="visually-hidden">, {formatWallDate(addDays(date, -1))}</span>
          </Link>
          {date !== today ? (
            <Link className="btn btn-ghost btn-sm" to={`/bookingsByDate?date=${today}`}>
              Today
            </Link>
          ) : null}
          <Link
            className="btn btn-secondary btn-sm"
            to={`/bookingsByDate?date=${addDays(date, 1)}`}
            rel="next"
          >
            Next day<span className="visually-hidden">, {formatWallDate(addDays(date, 1))}</span>{' '}
            <span aria-hidden="true">→</span>
          </Link>
        </nav>
      </div>

      <section className="section" aria-labelledby="occupancy-title">
        <h2 id="occupancy-title" className="visually-hidden">
          Occupancy on {formatWallDate(date)}
        </h2>
        <OccupancyMeters occupancy={sheet.occupancy} capacity={sheet.capacity} />
      </section>

      {nothing ? (
        <EmptyState title="No bookings available" headingLevel={2}>
          Nobody arrives, leaves or stays on this day.
        </EmptyState>
      ) : null}

      <div className="day-sheet-grid">
        <DaySheetList
          id="arrivals"
          title="Arrivals"
          entries={sheet.arrivals}
          time="drop_off"
          now={now}
          errors={errors}
          empty="No arrivals."
        />
        <DaySheetList
          id="departures"
          title="Departures"
          entries={sheet.departures}
          time="pick_up"
          now={now}
          errors={errors}
          empty="No departures."
        />
        <DaySheetList
          id="staying"
          title="Staying over"
          entries={sheet.staying}
          time="stay"
          now={now}
          errors={errors}
          empty="Nobody staying over."
        />
        <DaySheetList
          id="day-care"
          title="Day care"
          entries={sheet.dayCare}
          time="day_care"
          now={now}
          errors={errors}
          empty="No day-care pets."
        />
      </div>

      {waitlist.length ? (
        <section className="section panel stack" aria-labelledby="waitlist-title">
          <h2 id="waitlist-title">Waitlist ({waitlist.length})</h2>
          <p className="muted text-sm">
            Stays waiting for a place on this day, first come first served. A freed place is offered
            to the first that fits and held for its client.
          </p>
          <WaitlistOnDate entries={waitlist} />
        </section>
      ) : null}

      <RunSheet sheet={sheet} />

      <section className="section panel stack" aria-labelledby="month-title">
        <div className="page-header">
          <h2 id="month-title">{formatMonth(month)} at a glance</h2>
          <nav className="cluster" aria-label="Other months">
            <Link
              className="btn btn-secondary btn-sm"
              to={`/bookingsByDate?date=${firstOfMonth(addMonths(month, -1))}`}
            >
              <span aria-hidden="true">←</span> {formatMonth(addMonths(month, -1))}
            </Link>
            <Link
              className="btn btn-secondary btn-sm"
              to={`/bookingsByDate?date=${firstOfMonth(addMonths(month, 1))}`}
            >
              {formatMonth(addMonths(month, 1))} <span aria-hidden="true">→</span>
            </Link>
          </nav>
        </div>
        <OccupancyCalendar
          month={month}
          days={monthly.days}
          capacity={monthly.capacity}
          selected={date}
          today={today}
        />
      </section>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ data }) => {
  const day = data ? formatWallDate(readLoaderJson(data).date) : null
  return pageMeta(
    day ? `Daily Bookings, ${day}` : 'Daily Bookings',
    `The day sheet${day ? ` of ${day}` : ''}: arrivals, departures and the pets staying, with their care notes.`,
  )
}

export function ErrorBoundary() {
  return <PageErrorBoundary heading="Daily Bookings" failure="Trouble getting All Bookings" />
}

export { headers } from '~/http/route-headers'
