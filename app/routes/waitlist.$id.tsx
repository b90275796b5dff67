import { data, Form, redirect } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/waitlist.$id'
import { BookingBreakdown, StayText, type Breakdown } from '~/components/booking-summary'
import { RouteErrorBoundary } from '~/components/error-view'
import { ArrowLeftIcon } from '~/components/icons'
import { Notice } from '~/components/notice'
import { PageHeader } from '~/components/page-header'
import { SubmitButton } from '~/components/submit-button'
import { waitlistStatusText } from '~/components/waitlist'
import { BOOKING_TYPE_LABELS } from '~/domain/booking-rules'
import { pageMeta } from '~/domain/hotel'
import { canManageWaitlistEntry } from '~/domain/permissions'
import { WAITLIST_HOLD_HOURS, WAITLIST_MESSAGES } from '~/domain/waitlist'
import { requireUser } from '~/http/auth.server'
import { attempt, pageHandler, readIntent } from '~/http/form.server'
import { requireIdParam } from '~/http/params.server'
import { publicOrigin } from '~/http/public-origin.server'
import { readFormData } from '~/http/request-body.server'
import { quoteBooking } from '~/models/booking/queries.server'
import {
  getWaitlistEntry,
  leaveWaitlist,
  takeWaitlistOffer,
} from '~/models/booking/waitlist.server'

// /waitlist/:id — a stay on the waitlist, where the offer mail's link lands
// (after the login, when needed). While a place is held for it, one click
// ("Book this stay", a form post: opening the link books nothing) books it
// at today's prices; the page also says what became of it (still waiting,
// booked, lapsed, left) and lets its client leave the waitlist. Its client
// and the Owner and Managers act on it; other staff may look.

export const loader = pageHandler(async ({ request, params }: Route.LoaderArgs) => {
  const actor = await requireUser(request)
  const id = requireIdParam(params.id, WAITLIST_MESSAGES.notFound)
  const entry = await getWaitlistEntry({ actor, id })
  const active = entry.status === 'waiting' || entry.status === 'offered'
  // What it would cost if booked now (a service withdrawn since leaves no price to quote).
  const quote = active
    ? await attempt(() =>
        quoteBooking({
          input: { ...entry, services: entry.services.map((s) => s.id) },
          petType: entry.pet.type,
        }),
      )
    : null
  const breakdown: Breakdown | null =
    quote?.ok && entry.services.length
      ? {
          type: entry.booking_type,
          days: quote.value.days,
          dailyPriceCents: quote.value.daily_price_cents,
          services: quote.value.services.map((s) => ({
            id: s.id,
            service: s.service,
            priceCents: s.price_cents,
          })),
          totalCents: quote.value.total_cents,
        }
      : null
  return { entry, breakdown, canAct: canManageWaitlistEntry(actor, entry) }
})

export const action = pageHandler(async ({ request, params }: Route.ActionArgs) => {
  const actor = await requireUser(request)
  const id = requireIdParam(params.id, WAITLIST_MESSAGES.notFound)
  const { intent } = readIntent(await readFormData(request), ['take', 'leave'])
  const origin = publicOrigin(request)
  if (intent === 'take') {
    const taken = await attempt(() => takeWaitlistOffer({ actor, id, origin }))
    if (!taken.ok) return data({ error: taken.error.message }, { status: taken.error.status })
    return redirect(`/bookings/pet/${taken.value.pet_id}?saved=created`)
  }
  const left = await attempt(() => leaveWaitlist({ actor, id, origin }))
  if (!left.ok) return data({ error: left.error.message }, { status: left.error.status })
  return redirect(actor.staff ? `/waitlist/${id}` : '/my-bookings?left=1')
})

export default function WaitlistEntryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { entry, breakdown, canAct } = loaderData
  const offered = entry.status === 'offered'
  const active = offered || entry.status === 'waiting'
  return (
    <div className="container page page-narrow">
      <PageHeader
        title={offered ? `A place for ${entry.pet.name}` : `${entry.pet.name} on the waitlist`}
        description={`${BOOKING_TYPE_LABELS[entry.booking_type]} · ${entry.pet.type === 'dog' ? 'Dog' : 'Cat'}`}
        actions={
          <Link className="btn btn-ghost" to={`/pets/${entry.pet_id}`}>
            <ArrowLeftIcon />
            Back to {entry.pet.name}
          </Link>
        }
      />
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}

      <section className="panel stack" aria-labelledby="stay-title">
        <h2 id="stay-title">The stay</h2>
        <p>
          <StayText booking={entry} />
        </p>
        {entry.services.length ? (
          <p className="muted">Services: {entry.services.map((s) => s.service).join(', ')}</p>
        ) : null}
        <p className={offered ? 'waitlist-offer-text' : 'muted'}>{waitlistStatusText(entry)}</p>

        {offered ? (
          <p>
            We hold this place for you for {WAITLIST_HOLD_HOURS} hours from our mail. After that it
            goes to the next pet on the waitlist.
          </p>
        ) : entry.status === 'waiting' ? (
          <p>When a place frees we hold it for you and send a link by mail.</p>
        ) : entry.status === 'booked' ? (
          <p>
            <Link to={`/bookings/pet/${entry.pet_id}`}>See {entry.pet.name}’s reservation</Link>
          </p>
        ) : (
          <p>
            <Link to={`/bookings/pet/${entry.pet_id}`}>Book another stay for {entry.pet.name}</Link>
          </p>
        )}

        {active && breakdown ? (
          <BookingBreakdown breakdown={breakdown} caption="Price if booked now" />
        ) : null}

        {active && canAct ? (
          <Form method="post" className="cluster">
            {offered ? (
              <SubmitButton
                name="intent"
                value="take"
                className="btn btn-primary btn-lg"
                pendingText="Booking…"
              >
                Book this stay
              </SubmitButton>
            ) : null}
            <SubmitButton
              name="intent"
              value="leave"
              className="btn btn-ghost"
              pendingText="Leaving…"
            >
              Leave the waitlist
            </SubmitButton>
          </Form>
        ) : null}
      </section>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    data ? `${data.entry.pet.name} on the waitlist` : 'Waitlist',
    'A stay waiting for a place at the hotel.',
  )

export function ErrorBoundary() {
  return <RouteErrorBoundary />
}

export { headers } from '~/http/route-headers'
