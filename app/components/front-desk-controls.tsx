/**
 * The front desk's buttons on a day-sheet entry: the pet's status (Expected,
 * Here, Gone home, a late pick-up flagged) and one tap to check it in or out,
 * or to undo a mis-tap the same day. Each is a POST form that works without
 * JavaScript (the page comes back at the entry); with it, the tap happens in
 * place (a fetcher) and the entry updates without a reload.
 *
 *   <FrontDeskControls booking={entry.booking} petName="Rex" now={now} />
 */
import { useEffect, useState } from 'react'
import { useFetcher, useLocation } from 'react-router'
import type { Booking } from '~/domain/booking'
import {
  allowedFrontDeskActions,
  isLatePickUp,
  STATUS_LABELS,
  statusMoment,
  type FrontDeskAction,
  type FrontDeskStay,
} from '~/domain/front-desk'
import type { WallDateTime } from '~/domain/hotel-time'
import { MemoizedInPageRouter } from './memoized-markup'

const LABELS: Record<FrontDeskAction, string> = {
  'check-in': 'Check in',
  'check-out': 'Check out',
  'undo-check-in': 'Undo check-in',
  'undo-check-out': 'Undo check-out',
  'no-show': 'No-show',
  'undo-no-show': 'Undo no-show',
}

// Arrival and departure are the taps of the day; a no-show and the undos are quieter.
const BUTTON_CLASS: Record<FrontDeskAction, string> = {
  'check-in': 'btn btn-primary btn-sm front-desk-tap',
  'check-out': 'btn btn-primary btn-sm front-desk-tap',
  'no-show': 'btn btn-secondary btn-sm',
  'undo-check-in': 'btn btn-ghost btn-sm',
  'undo-check-out': 'btn btn-ghost btn-sm',
  'undo-no-show': 'btn btn-ghost btn-sm',
}

const BADGE: Record<Booking['status'], string> = {
  booked: 'badge-muted',
  checked_in: 'badge-primary',
  checked_out: 'badge-accent',
  cancelled: 'badge-danger',
  no_show: 'badge-danger',
}

export function FrontDeskControls({
  booking,
  petName,
  now,
  error,
}: {
  booking: Pick<Booking, 'id'> & FrontDeskStay
  petName: string
  now: WallDateTime
  /** A refusal of this entry's last tap, from a post without JavaScript. */
  error?: string
}) {
  const shown: Shown = {
    id: booking.id,
    status: booking.status,
    petName,
    actions: allowedFrontDeskActions(booking, now),
    late: isLatePickUp(booking, now),
    moment: statusMoment(booking),
  }
  // The same for every view of the entry until it changes or the clock
  // passes a time that changes its buttons: the server writes it once for
  // what it shows (`now` itself is not in it), and anew with a refusal.
  return (
    <MemoizedInPageRouter
      as="div"
      className="front-desk"
      aria-live="polite"
      memoKey={`front-desk ${JSON.stringify(shown)}`}
      renderAnew={error !== undefined}
    >
      {() => <Controls shown={shown} error={error} />}
    </MemoizedInPageRouter>
  )
}

/** What an entry's controls show, made from the stay and the hotel's time now. */
type Shown = {
  id: number
  status: Booking['status']
  petName: string
  actions: FrontDeskAction[]
  late: boolean
  moment: string | null
}

function Controls({ shown, error }: { shown: Shown; error?: string }) {
  const { id, status, petName, actions, late, moment } = shown
  const fetcher = useFetcher<{ error?: string }>()
  const location = useLocation()
  // Without JavaScript the page comes back at this entry, on the same date.
  const formAction = `${location.pathname}${location.search}#booking-${id}`
  // Rendered after hydration only: tells the action to answer in place instead of redirecting.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const shownError = fetcher.data?.error ?? error
  const busy = fetcher.state !== 'idle'
  return (
    <>
      <p className="cluster front-desk-status">
        <span className={`badge ${BADGE[status]}`}>{STATUS_LABELS[status]}</span>
        {late ? <span className="badge badge-danger">Late pick-up</span> : null}
        {moment ? <span className="text-sm muted">{moment}</span> : null}
      </p>
      {actions.length ? (
        <div className="cluster">
          {actions.map((action) => (
            <fetcher.Form key={action} method="post" action={formAction}>
              <input type="hidden" name="intent" value={action} />
              <input type="hidden" name="id" value={id} />
              {hydrated ? <input type="hidden" name="in_place" value="1" /> : null}
              <button
                type="submit"
                className={BUTTON_CLASS[action]}
                disabled={busy}
                aria-label={`${LABELS[action]} ${petName}`}
              >
                {LABELS[action]}
              </button>
            </fetcher.Form>
          ))}
        </div>
      ) : null}
      {shownError ? (
        <p className="field-error" role="alert">
          {shownError}
        </p>
      ) : null}
    </>
  )
}

/** "2 expected · 1 here · 0 gone home" (and "· 1 no-show" when there is one): a list's entries by status. */
export function statusCounts(bookings: Pick<Booking, 'status'>[]): string {
  const count = (s: Booking['status']) => bookings.filter((b) => b.status === s).length
  const noShows = count('no_show')
  return `${count('booked')} expected · ${count('checked_in')} here · ${count('checked_out')} gone home${noShows ? ` · ${noShows} no-show` : ''}`
}
