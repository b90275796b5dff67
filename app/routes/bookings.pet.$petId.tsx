import { data, redirect } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/bookings.pet.$petId'
import { ArrowLeftIcon } from '~/components/icons'
import { BOOKING_MESSAGES } from '~/domain/booking-rules'
import { bookingFormSchema, startedStayFormSchema } from '~/schemas/booking'
import { parseIdParam } from '~/schemas/fields'
import { BookingForm, type BookingFormValue } from '~/components/booking-form'
import { BookingHistory } from '~/components/booking-history'
import { BookingDetails, VaccinesNeeded } from '~/components/booking-summary'
import { ConfirmDialog } from '~/components/confirm-dialog'
import { RouteErrorBoundary } from '~/components/error-view'
import { pageMeta } from '~/domain/hotel'
import type { Booking } from '~/domain/booking'
import type { AppError } from '~/domain/errors'
import { addDays } from '~/domain/hotel-time'
import { assertCan, canBookFor, canChangeStartedStay } from '~/domain/permissions'
import { isUnderWay } from '~/domain/booking-states'
import type { User } from '~/domain/user'
import { StartedStayForm } from '~/components/started-stay-form'
import { requireUser } from '~/http/auth.server'
import { attempt, formMessage, pageHandler, parseForm, toConformErrors } from '~/http/form.server'
import { requireIdParam } from '~/http/params.server'
import { readFormData } from '~/http/request-body.server'
import { hotelClock } from '~/infra/clock.server'
import { listFullDates } from '~/models/booking/occupancy.server'
import {
  getBookablePet,
  listBookableServices,
  listPetBookings,
  quoteBooking,
} from '~/models/booking/queries.server'
import {
  assertBookingChangeable,
  BOOKING_FAILURES,
  createBooking,
  deleteBooking,
  updateBooking,
} from '~/models/booking/write.server'
import { getHotelSettings } from '~/models/hotel-settings.server'
import { Notice } from '~/components/notice'
import { PageHeader } from '~/components/page-header'
import { publicOrigin } from '~/http/public-origin.server'
import { JoinWaitlistForm, type WaitlistStayFields } from '~/components/waitlist'
import { WAITLIST_HOLD_HOURS } from '~/domain/waitlist'
import { joinWaitlist } from '~/models/booking/waitlist.server'

// /bookings/pet/:petId — book a stay for one pet, or manage its current booking
// the pet's owner (and the Owner/Managers) book, update and
// delete; any staff member may look. A started booking cannot change. The
// pet's past stays stay visible below. Everything works as plain form posts.

const FULL_DATES_HORIZON_DAYS = 182

export const loader = pageHandler(async ({ request, params, url }: Route.LoaderArgs) => {
  const actor = await requireUser(request)
  const petId = requireIdParam(params.petId, 'Pet not found')
  const pet = await getBookablePet({ petId, actor })
  const canBook = canBookFor(actor, pet)
  const { now, today } = hotelClock()
  const fullDatesUntil = addDays(today, FULL_DATES_HORIZON_DAYS)
  const [bookings, settings, services] = await Promise.all([
    listPetBookings({ petId: pet.id, actor, pastLimit: 20 }),
    getHotelSettings(),
    canBook ? listBookableServices(pet.type) : [],
  ])
  return {
    pet,
    // A client's own pet needs no "owner" line with their own name.
    mine: pet.owner_id === actor.id,
    bookings,
    canBook,
    now,
    prices: {
      day_care: settings.day_care_daily_price_cents,
      boarding_care: settings.boarding_daily_price_cents,
    },
    services,
    fullDates: await listFullDates({
      petType: pet.type,
      from: today,
      to: fullDatesUntil,
      excludeBookingId: bookings.current?.id,
    }),
    fullDatesUntil,
    editing: url.searchParams.has('edit'),
    changing: url.searchParams.has('change'),
    saved: url.searchParams.get('saved'),
    // A stay under way that this person may still change (the Owner and Managers).
    changeable:
      bookings.current && canChangeStartedStay(actor) && isUnderWay(bookings.current, now)
        ? {
            dropOff: bookings.current.drop_off_date,
            type: bookings.current.booking_type,
          }
        : null,
  }
})

export const action = pageHandler(async ({ request, params }: Route.ActionArgs) => {
  const actor = await requireUser(request)
  const petId = requireIdParam(params.petId, 'Pet not found')
  const pet = await getBookablePet({ petId, actor })
  assertCan(canBookFor(actor, pet))
  const formData = await readFormData(request)
  const intent = String(formData.get('intent') ?? '')
  const bookingId = parseIdParam(String(formData.get('booking_id') ?? ''))
  const back = `/bookings/pet/${pet.id}`

  if (intent === 'delete') {
    if (bookingId === null) throw data('Booking not found', { status: 404 })
    const deleted = await attempt(() =>
      deleteBooking({ actor, id: bookingId, petId: pet.id, origin: publicOrigin(request) }),
    )
    if (!deleted.ok) {
      const deleteError =
        deleted.error.kind === 'conflict' ? deleted.error.message : BOOKING_FAILURES.delete
      return data({ intent, deleteError, result: undefined }, { status: deleted.error.status })
    }
    return redirect(`${back}?saved=deleted`)
  }
  if (intent === 'change-stay')
    return changeStartedStay({ request, actor, pet, bookingId, formData, back })
  if (intent === 'join-waitlist') return joinWaitlistFromForm({ actor, pet, formData, back })
  if (intent !== 'create' && intent !== 'update' && intent !== 'quote')
    throw data('Unknown action', { status: 400 })

  const { now } = hotelClock()
  const submission = parseForm(formData, bookingFormSchema({ now }))
  const failed = intent === 'create' ? BOOKING_FAILURES.create : BOOKING_FAILURES.update
  const refuse = (error: AppError, formError: string) =>
    data(
      {
        intent,
        deleteError: undefined,
        result: submission.reply({
          formErrors: [formError],
          fieldErrors: toConformErrors(pageFieldErrors(error.fieldErrors)),
        }),
        // A new stay refused for a full night may wait for a place instead.
        waitlist:
          intent === 'create' && error.reason === 'full' ? stayFieldsOf(formData) : undefined,
      },
      { status: error.status },
    )
  // A started booking answers with its own message before its (now past) dates are judged.
  if (intent === 'update' || (intent === 'quote' && bookingId !== null)) {
    if (bookingId === null) throw data('Booking not found', { status: 404 })
    const changeable = await attempt(() => assertBookingChangeable({ id: bookingId, actor }))
    if (!changeable.ok)
      return refuse(
        changeable.error,
        changeable.error.kind === 'conflict' ? BOOKING_MESSAGES.started : failed,
      )
  }
  if (submission.status !== 'success')
    return data({ intent, deleteError: undefined, result: submission.reply() }, { status: 400 })

  if (intent === 'quote') {
    // Without JavaScript: price what was chosen (the page renders the total from these values).
    const quoted = await attempt(() => quoteBooking({ input: submission.value, petType: pet.type }))
    if (!quoted.ok) return refuse(quoted.error, failed)
    return { intent, deleteError: undefined, result: submission.reply() }
  }
  const input = { ...submission.value, client_id: pet.owner_id, pet_id: pet.id }
  const saved = await attempt(async () => {
    if (intent === 'create') await createBooking({ actor, input, origin: publicOrigin(request) })
    else await updateBooking({ actor, id: bookingId!, input, origin: publicOrigin(request) })
  })
  if (!saved.ok)
    return refuse(saved.error, saved.error.kind === 'invalid' ? failed : saved.error.message)
  return redirect(`${back}?saved=${intent === 'create' ? 'created' : 'updated'}`)
})

/** The stay's fields as the booking form sent them, to send again to the waitlist. */
function stayFieldsOf(formData: FormData): WaitlistStayFields {
  const text = (name: string) => String(formData.get(name) ?? '')
  return {
    booking_type: text('booking_type'),
    drop_off_date: text('drop_off_date'),
    drop_off_time: text('drop_off_time'),
    pick_up_date: text('pick_up_date'),
    pick_up_time: text('pick_up_time'),
    services: formData.getAll('services').map(String),
  }
}

/**
 * "Join the waitlist" under a stay refused for a full night: the same stay,
 * judged by the same schema, waits for a place. A refusal (a place is free
 * after all, already waiting) comes back on the booking form, filled in.
 */
async function joinWaitlistFromForm({
  actor,
  pet,
  formData,
  back,
}: {
  actor: User
  pet: { id: number; owner_id: number }
  formData: FormData
  back: string
}) {
  const intent = 'join-waitlist' as const
  const submission = parseForm(formData, bookingFormSchema({ now: hotelClock().now }))
  if (submission.status !== 'success')
    return data({ intent, deleteError: undefined, result: submission.reply() }, { status: 400 })
  const input = { ...submission.value, client_id: pet.owner_id, pet_id: pet.id }
  const joined = await attempt(() => joinWaitlist({ actor, input }))
  if (!joined.ok)
    return data(
      {
        intent,
        deleteError: undefined,
        result: submission.reply({ formErrors: [joined.error.message] }),
      },
      { status: joined.error.status },
    )
  return redirect(`${back}?saved=waitlisted`)
}

/**
 * The Owner or a Manager changes a stay under way: its pick-up and services.
 * A refusal (its client, a stay over, a full night) comes back to the form.
 */
async function changeStartedStay({
  request,
  actor,
  pet,
  bookingId,
  formData,
  back,
}: {
  request: Request
  actor: User
  pet: { id: number; owner_id: number }
  bookingId: number | null
  formData: FormData
  back: string
}) {
  if (bookingId === null) throw data('Booking not found', { status: 404 })
  const intent = 'change-stay' as const
  const checked = await attempt(() => assertBookingChangeable({ id: bookingId, actor }))
  const started = checked.ok ? checked.value : null
  if (!started) {
    const message = checked.ok ? BOOKING_MESSAGES.started : checked.error.message
    return data(
      { intent, deleteError: undefined, result: formMessage(message) },
      { status: checked.ok ? 409 : checked.error.status },
    )
  }
  const submission = parseForm(formData, startedStayFormSchema({ now: hotelClock().now, started }))
  if (submission.status !== 'success')
    return data({ intent, deleteError: undefined, result: submission.reply() }, { status: 400 })
  const input = { ...submission.value, client_id: pet.owner_id, pet_id: pet.id }
  const saved = await attempt(() =>
    updateBooking({ actor, id: bookingId, input, origin: publicOrigin(request) }),
  )
  if (!saved.ok)
    return data(
      {
        intent,
        deleteError: undefined,
        result: submission.reply({
          formErrors: [saved.error.message],
          fieldErrors: toConformErrors(saved.error.fieldErrors),
        }),
      },
      { status: saved.error.status },
    )
  return redirect(`${back}?saved=changed`)
}

export default function PetBookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    pet,
    mine,
    bookings,
    canBook,
    now,
    prices,
    services,
    fullDates,
    fullDatesUntil,
    editing,
    changing,
    changeable,
    saved,
  } = loaderData
  const current = bookings.current
  const base = `/bookings/pet/${pet.id}`
  const formResult = actionData?.result
  // A new stay refused for a full night: the same stay may join the waitlist.
  const waitlistStay =
    actionData && 'waitlist' in actionData
      ? (actionData.waitlist as WaitlistStayFields | undefined)
      : undefined
  const formProps = {
    now,
    prices,
    services,
    fullDates,
    fullDatesUntil,
    petType: pet.type,
    lastResult: formResult,
  }

  return (
    <div className="container page">
      <PageHeader
        title={current ? `${pet.name}’s reservation` : `Book a stay for ${pet.name}`}
        description={`${pet.type === 'dog' ? 'Dog' : 'Cat'}${mine ? '' : ` · owner ${pet.owner_name}`}`}
        actions={
          <Link className="btn btn-ghost" to={`/pets/${pet.id}`}>
            <ArrowLeftIcon />
            Back to {pet.name}
          </Link>
        }
      />

      {saved && !actionData ? <SavedNotice saved={saved} /> : null}
      {actionData?.deleteError ? <Notice tone="error">{actionData.deleteError}</Notice> : null}

      <div className="booking-layout">
        <section className="panel stack" aria-labelledby="booking-main-title">
          {current ? (
            <>
              <h2 id="booking-main-title">Current reservation</h2>
              <BookingDetails booking={current} />
              <VaccinesNeeded booking={current} />
              {current.started && !changeable ? (
                <Notice tone="warning">{BOOKING_MESSAGES.started}</Notice>
              ) : null}
              {changeable ? (
                changing || actionData?.intent === 'change-stay' ? (
                  <section className="stack" aria-labelledby="change-title">
                    <h3 id="change-title">Change this stay</h3>
                    <StartedStayForm
                      key={`change-${current.id}`}
                      booking={current}
                      started={changeable}
                      now={now}
                      services={services}
                      action={`${base}?change`}
                      lastResult={actionData?.intent === 'change-stay' ? formResult : undefined}
                      cancel={
                        <Link className="btn btn-ghost" to={base} preventScrollReset>
                          Cancel
                        </Link>
                      }
                    />
                  </section>
                ) : (
                  <div className="cluster">
                    <Link className="btn btn-secondary" to={`${base}?change`} preventScrollReset>
                      Change this stay
                    </Link>
                    <p className="muted text-sm">
                      Under way: extend or shorten it, or change its services.
                    </p>
                  </div>
                )
              ) : canBook ? (
                editing && !current.started ? (
                  <section className="stack" aria-labelledby="update-title">
                    <h3 id="update-title">Update reservation</h3>
                    <p className="muted text-sm">An update is re-priced at today’s prices.</p>
                    <BookingForm
                      key={`update-${current.id}`}
                      id="update-booking"
                      intent="update"
                      action={`${base}?edit`}
                      bookingId={current.id}
                      defaultValue={formValueOf(current, services)}
                      cancel={
                        <Link className="btn btn-ghost" to={base} preventScrollReset>
                          Cancel
                        </Link>
                      }
                      {...formProps}
                    />
                  </section>
                ) : (
                  <ManageButtons booking={current} base={base} />
                )
              ) : null}
            </>
          ) : canBook ? (
            <>
              <h2 id="booking-main-title">New reservation</h2>
              <BookingForm
                key="create"
                id="create-booking"
                intent="create"
                action={base}
                {...formProps}
              />
              {waitlistStay ? <JoinWaitlistForm action={base} stay={waitlistStay} /> : null}
            </>
          ) : (
            <>
              <h2 id="booking-main-title">Current reservation</h2>
              <p className="muted">No bookings available</p>
            </>
          )}
        </section>

        <section className="panel stack" aria-labelledby="history-title">
          <h2 id="history-title">Past stays</h2>
          <BookingHistory bookings={bookings.past} more={bookings.morePast} petName={pet.name} />
        </section>
      </div>
    </div>
  )
}

function ManageButtons({ booking, base }: { booking: Booking; base: string }) {
  return (
    <div className="cluster">
      {booking.started ? (
        <button type="button" className="btn btn-secondary" disabled aria-disabled="true">
          Update
        </button>
      ) : (
        <Link className="btn btn-secondary" to={`${base}?edit`} preventScrollReset>
          Update
        </Link>
      )}
      <ConfirmDialog
        confirmId={`delete-booking-${booking.id}`}
        question="Are you sure you want to cancel this booking?"
        fields={{ intent: 'delete', booking_id: String(booking.id) }}
        action={base}
        triggerLabel="Cancel booking"
        confirmLabel="Yes, cancel it"
        dismissLabel="Keep booking"
        disabled={booking.started}
      />
    </div>
  )
}

function SavedNotice({ saved }: { saved: string }) {
  const text =
    saved === 'created'
      ? 'Your reservation is booked.'
      : saved === 'updated'
        ? 'Your reservation was updated and re-priced at current prices.'
        : saved === 'deleted'
          ? 'The reservation was cancelled.'
          : saved === 'changed'
            ? 'The stay was changed. Its nights and services keep the prices they were booked at.'
            : saved === 'waitlisted'
              ? `The stay is on the waitlist. When a place frees we hold it for ${WAITLIST_HOLD_HOURS} hours and send a link by mail: one click books it.`
              : null
  if (!text) return null
  return <Notice tone="success">{text}</Notice>
}

/** The current booking loaded into the form, so Update starts from what was booked. */
function formValueOf(b: Booking, offered: { id: number }[]): BookingFormValue {
  const stillOffered = new Set(offered.map((s) => s.id))
  return {
    booking_type: b.booking_type,
    drop_off_date: b.drop_off_date.slice(0, 10),
    drop_off_time: b.drop_off_date.slice(11, 16),
    pick_up_date: b.pick_up_date.slice(0, 10),
    pick_up_time: b.pick_up_date.slice(11, 16),
    services: b.services.filter((s) => stillOffered.has(s.id)).map((s) => String(s.id)),
  }
}

/** The model's field errors minus those the page has no field for (it sets client and pet itself). */
function pageFieldErrors(errors: Record<string, string> | undefined) {
  const { client_id: _client, pet_id: _pet, ...rest } = errors ?? {}
  return rest
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    data ? `${data.pet.name}’s reservation` : 'Reservation',
    `Book day care or boarding for ${data ? data.pet.name : 'a pet'}, with the extra services of your choice.`,
  )

export function ErrorBoundary() {
  return <RouteErrorBoundary />
}

export { headers } from '~/http/route-headers'
