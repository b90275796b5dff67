import { Form } from 'react-router'
import { Link } from './link'
import { BOOKING_TYPE_LABELS } from '~/domain/booking-rules'
import { formatWallDateTime } from '~/domain/hotel-time'
import { WAITLIST_HOLD_HOURS, type WaitlistEntry } from '~/domain/waitlist'
import { StayText } from './booking-summary'
import { ConfirmDialog } from './confirm-dialog'
import { SubmitButton } from './submit-button'

// The waitlist as people see it: a client's stays waiting or held (My
// bookings), the stays waiting for a date (the day sheet), and the offer to
// join when a stay was refused for a full night (the booking page). Every
// action is a plain form post.

/** What a waitlisted stay is waiting for, in words. */
export function waitlistStatusText(entry: WaitlistEntry): string {
  switch (entry.status) {
    case 'offered':
      return `A place is held until ${formatWallDateTime(entry.hold_until!)}`
    case 'waiting':
      return 'Waiting for a place'
    case 'booked':
      return 'Booked'
    case 'left':
      return 'Left the waitlist'
    case 'lapsed':
      return 'The offer lapsed'
    case 'expired':
      return 'Its dates have passed'
  }
}

/** A client's waitlisted stays (My bookings): each with its status, the offer's link and Leave. */
export function MyWaitlist({ entries }: { entries: WaitlistEntry[] }) {
  return (
    <ul className="waitlist-list" role="list">
      {entries.map((e) => (
        <li key={e.id} className={`waitlist-item${e.status === 'offered' ? ' is-offered' : ''}`}>
          <div className="stack-sm">
            <p>
              <strong>{e.pet.name}</strong> · {BOOKING_TYPE_LABELS[e.booking_type]} ·{' '}
              <StayText booking={e} />
            </p>
            <p className={e.status === 'offered' ? 'waitlist-offer-text' : 'muted text-sm'}>
              {waitlistStatusText(e)}
            </p>
          </div>
          <div className="cluster">
            {e.status === 'offered' ? (
              <Link className="btn btn-primary btn-sm" to={`/waitlist/${e.id}`}>
                Book it<span className="visually-hidden"> for {e.pet.name}</span>
              </Link>
            ) : null}
            <ConfirmDialog
              confirmId={`leave-waitlist-${e.id}`}
              title="Leave the waitlist"
              question={`Take ${e.pet.name}’s stay off the waitlist?`}
              fields={{ intent: 'leave-waitlist', id: String(e.id) }}
              triggerLabel={
                <>
                  Leave<span className="visually-hidden"> the waitlist for {e.pet.name}</span>
                </>
              }
              triggerClassName="btn btn-ghost btn-sm"
              confirmLabel="Yes, leave it"
              pendingText="Leaving…"
              dismissLabel="Keep waiting"
              icon={false}
            />
          </div>
        </li>
      ))}
    </ul>
  )
}

/** The stays waiting for a place on a date, for staff (the day sheet), in queue order. */
export function WaitlistOnDate({ entries }: { entries: WaitlistEntry[] }) {
  return (
    <ol className="waitlist-list">
      {entries.map((e) => (
        <li key={e.id} className="waitlist-item">
          <p>
            <Link to={`/pets/${e.pet_id}`}>{e.pet.name}</Link> ({e.pet.type}) · {e.client_name} ·{' '}
            {BOOKING_TYPE_LABELS[e.booking_type]} · <StayText booking={e} />
          </p>
          <p className="muted text-sm">{waitlistStatusText(e)}</p>
        </li>
      ))}
    </ol>
  )
}

/** The stay's fields, carried as hidden inputs from the refused booking form. */
export type WaitlistStayFields = {
  booking_type: string
  drop_off_date: string
  drop_off_time: string
  pick_up_date: string
  pick_up_time: string
  services: string[]
}

/**
 * Under a booking refused because a night is full: one button puts the very
 * same stay on the waitlist.
 */
export function JoinWaitlistForm({ action, stay }: { action: string; stay: WaitlistStayFields }) {
  const { services, ...fields } = stay
  return (
    <Form method="post" action={action} className="waitlist-join stack-sm">
      <p>
        <strong>Join the waitlist for this stay?</strong> When a place frees we hold it for you for{' '}
        {WAITLIST_HOLD_HOURS} hours and mail you a link: one click books it.
      </p>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {services.map((id) => (
        <input key={id} type="hidden" name="services" value={id} />
      ))}
      <div>
        <SubmitButton
          name="intent"
          value="join-waitlist"
          className="btn btn-secondary"
          pendingText="Joining…"
        >
          Join the waitlist
        </SubmitButton>
      </div>
    </Form>
  )
}
