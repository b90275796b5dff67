import { data, redirect } from 'react-router'
import { Link } from '~/components/link'
import { publicOrigin } from '~/http/public-origin.server'
import type { Route } from './+types/my-bookings'
import { BookingRowCells, StayText } from '~/components/booking-summary'
import { ConfirmDialog } from '~/components/confirm-dialog'
import { EmptyState } from '~/components/empty-state'
import { PageErrorBoundary } from '~/components/error-view'
import { Notice } from '~/components/notice'
import { PageHeader } from '~/components/page-header'
import type { Booking } from '~/domain/booking'
import { BOOKING_MESSAGES } from '~/domain/booking-rules'
import { pageMeta } from '~/domain/hotel'
import { canListAllBookings } from '~/domain/permissions'
import { requireUser } from '~/http/auth.server'
import { attempt, pageHandler, readIntent } from '~/http/form.server'
import { STAFF_LANDING } from '~/http/landing.server'
import { readFormData } from '~/http/request-body.server'
import { listMyBookings } from '~/models/booking/queries.server'
import { ownStayUpdateSummaries } from '~/models/booking/stay-updates.server'
import { LatestStayUpdate } from '~/components/stay-updates'
import type { StayUpdateSummary } from '~/domain/booking'
import { BOOKING_FAILURES, deleteBooking } from '~/models/booking/write.server'
import { leaveWaitlist, listWaitlist } from '~/models/booking/waitlist.server'
import { MyWaitlist } from '~/components/waitlist'
import { WAITLIST_MESSAGES } from '~/domain/waitlist'

// /my-bookings — a client's bookings across all their pets: upcoming and
// current stays first (soonest first), then past ones. Each upcoming one has
// Update (its pet's booking page) and Cancel (a confirmed POST here, the same
// model call and permission as DELETE /api/bookings/{id}: only the booking's
// client, and never once the stay has started). A stay with updates from
// staff shows the newest, linked to the pet's page. Stays on the waitlist
// follow, each with its status (a held place links to its one-click page)
// and Leave. Staff have the hotel's lists
// instead: the Owner and Managers every booking, Employees the day sheet.

export const loader = pageHandler(async ({ request, url }: Route.LoaderArgs) => {
  const actor = await requireUser(request)
  if (actor.staff) throw redirect(canListAllBookings(actor) ? '/bookings' : STAFF_LANDING)
  const [{ upcoming, past }, updates, waitlist] = await Promise.all([
    listMyBookings({ actor }),
    ownStayUpdateSummaries({ actor }),
    listWaitlist({ actor }),
  ])
  return {
    upcoming,
    past,
    updates,
    waitlist,
    cancelled: url.searchParams.get('cancelled') === '1',
    left: url.searchParams.get('left') === '1',
  }
})

export const action = pageHandler(async ({ request }: Route.ActionArgs) => {
  const actor = await requireUser(request)
  const formData = await readFormData(request)
  const { intent, id } = readIntent(formData, ['cancel', 'leave-waitlist'])
  if (intent === 'leave-waitlist') {
    if (id === null) throw data(WAITLIST_MESSAGES.notFound, { status: 404 })
    const left = await attempt(() => leaveWaitlist({ actor, id, origin: publicOrigin(request) }))
    // Over meanwhile (booked, lapsed): the list shows the truth; say what happened.
    if (!left.ok) return data({ error: left.error.message }, { status: left.error.status })
    return redirect('/my-bookings?left=1')
  }
  if (id === null) throw data('Booking not found', { status: 404 })
  const cancelled = await attempt(() => deleteBooking({ actor, id, origin: publicOrigin(request) }))
  // Gone meanwhile: the list shows the truth. Started: say why it stays.
  if (!cancelled.ok && cancelled.error.kind !== 'not_found')
    return data(
      {
        error:
          cancelled.error.kind === 'conflict' ? BOOKING_MESSAGES.started : BOOKING_FAILURES.delete,
      },
      { status: cancelled.error.status },
    )
  return redirect('/my-bookings?cancelled=1')
})

export default function MyBookingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { upcoming, past, updates, waitlist, cancelled, left } = loaderData
  return (
    <div className="container page">
      <PageHeader
        title="My bookings"
        description="Every stay of your pets: upcoming first, then past ones."
        actions={
          <Link className="btn btn-secondary" to="/pets">
            Book a Reservation
          </Link>
        }
      />
      {cancelled && !actionData ? <Notice tone="success">Booking cancelled.</Notice> : null}
      {left && !actionData ? <Notice tone="success">You left the waitlist.</Notice> : null}
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}

      <section className="section stack" aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading">Upcoming</h2>
        {upcoming.length === 0 ? (
          <EmptyState title="No bookings available" headingLevel={3}>
            No upcoming stays. Open one of your pets to book one.
          </EmptyState>
        ) : (
          <BookingTable bookings={upcoming} updates={updates} caption="Upcoming bookings" actions />
        )}
      </section>

      {waitlist.length ? (
        <section className="section stack" aria-labelledby="waitlist-heading">
          <h2 id="waitlist-heading">Waitlist</h2>
          <p className="muted text-sm">
            Stays waiting for a place. When one frees we hold it for you and mail you a link.
          </p>
          <MyWaitlist entries={waitlist} />
        </section>
      ) : null}

      {past.length ? (
        <section className="section stack" aria-labelledby="past-heading">
          <h2 id="past-heading">Past</h2>
          <BookingTable bookings={past} updates={updates} caption="Past bookings" />
        </section>
      ) : null}
    </div>
  )
}

function BookingTable({
  bookings,
  updates,
  caption,
  actions = false,
}: {
  bookings: Booking[]
  /** The stays' updates from staff, by booking id. */
  updates: Record<number, StayUpdateSummary>
  caption: string
  actions?: boolean
}) {
  return (
    <div className="table-wrap">
      <table className="table table-stack booking-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Pet</th>
            <th scope="col">Type</th>
            <th scope="col">Stay</th>
            <th scope="col">Services</th>
            <th scope="col">Total</th>
            {actions ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {bookings.map((b) => (
            <tr key={b.id}>
              <th scope="row" data-label="Pet">
                <Link to={`/pets/${b.pet_id}`}>{b.pet.name}</Link>
                {updates[b.id] ? (
                  <p className="text-sm stay-update-line">
                    <LatestStayUpdate summary={updates[b.id]} petId={b.pet_id} />
                  </p>
                ) : null}
              </th>
              <BookingRowCells booking={b} showStarted={actions} />
              {actions ? (
                <td data-label="">
                  <BookingActions booking={b} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function BookingActions({ booking: b }: { booking: Booking }) {
  const which = (
    <span className="visually-hidden">
      {' '}
      booking of {b.pet.name}, <StayText booking={b} />
    </span>
  )
  if (b.started) return <p className="muted text-sm">{BOOKING_MESSAGES.started}</p>
  return (
    <div className="cluster booking-row-actions">
      <Link className="btn btn-secondary btn-sm" to={`/bookings/pet/${b.pet_id}?edit`}>
        Update
        {which}
      </Link>
      <ConfirmDialog
        confirmId={`cancel-booking-${b.id}`}
        title="Cancel booking"
        question={`Are you sure you want to cancel the booking of ${b.pet.name}?`}
        fields={{ intent: 'cancel', id: String(b.id) }}
        triggerLabel={
          <>
            Cancel booking
            <span className="visually-hidden">
              {' '}
              of {b.pet.name}, <StayText booking={b} />
            </span>
          </>
        }
        triggerClassName="btn btn-danger btn-sm"
        confirmLabel="Yes, cancel it"
        pendingText="Cancelling…"
        dismissLabel="Keep booking"
        icon={false}
      />
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('My bookings', 'Every stay of your pets at the hotel, upcoming first.')

export function ErrorBoundary() {
  return <PageErrorBoundary heading="My bookings" failure="Trouble getting All Bookings" />
}

export { headers } from '~/http/route-headers'
