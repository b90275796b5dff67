/**
 * The staff day sheet of /bookingsByDate: occupancy against capacity, and the
 * day's arrivals, departures, pets staying over and day-care pets — each with
 * its owner and phone, behaviour, feeding and medication notes and services.
 *
 *   <OccupancyMeters occupancy={sheet.occupancy} capacity={sheet.capacity} />
 *   <DaySheetList title="Arrivals" entries={sheet.arrivals} time="drop_off" empty="No arrivals" />
 */
import { Link } from './link'
import { MemoizedMarkup } from './memoized-markup'
import type { DaySheetEntry } from '~/domain/booking'
import type { Occupancy } from '~/domain/capacity'
import { formatWallDateTime } from '~/domain/hotel-time'
import './booking-pages.css'
import { entryTimeText as timeText, type DaySheetTime } from '~/domain/run-sheet'
import { capitalize, formatPhone } from '~/domain/text'
import type { WallDateTime } from '~/domain/hotel-time'
import { FrontDeskControls, statusCounts } from './front-desk-controls'
import { LatestStayUpdate } from './stay-updates'

export const UNIT_NAMES: Record<keyof Occupancy, string> = {
  dog_kennel: 'Dog kennels',
  cat_condo: 'Cat condos',
  day_care: 'Day care places',
}

export function OccupancyMeters({
  occupancy,
  capacity,
}: {
  occupancy: Occupancy
  capacity: Occupancy
}) {
  return (
    <ul className="occupancy-meters" aria-label="Occupancy">
      {(Object.keys(UNIT_NAMES) as (keyof Occupancy)[]).map((unit) => {
        const used = occupancy[unit]
        const total = capacity[unit]
        const full = used >= total
        return (
          <li key={unit} className={full ? 'occupancy occupancy-full' : 'occupancy'}>
            <span className="occupancy-label" id={`occupancy-${unit}`}>
              {UNIT_NAMES[unit]}
            </span>
            <span className="occupancy-value">
              {used} <span className="muted">of {total}</span>
            </span>
            <meter
              aria-labelledby={`occupancy-${unit}`}
              min={0}
              max={Math.max(total, 1)}
              value={Math.min(used, Math.max(total, 1))}
              low={Math.max(total, 1) * 0.7}
              high={Math.max(total, 1) * 0.9}
              optimum={0}
            />
            <span className="text-sm muted">
              {full ? 'Full' : `${Math.max(total - used, 0)} free`}
            </span>
          </li>
        )
      })}
    </ul>
  )
}

export function DaySheetList({
  id,
  title,
  entries,
  time,
  empty,
  now,
  errors = {},
}: {
  id: string
  title: string
  entries: DaySheetEntry[]
  time: DaySheetTime
  empty: string
  /** Hotel time now: which front-desk taps each entry offers. */
  now: WallDateTime
  /** Refusals of front-desk taps, by booking id (a post without JavaScript). */
  errors?: Record<number, string>
}) {
  return (
    <section className="day-sheet-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="day-sheet-title">
        {title} <span className="badge badge-muted">{entries.length}</span>
      </h2>
      {entries.length ? (
        <p className="text-sm muted">{statusCounts(entries.map((e) => e.booking))}</p>
      ) : null}
      {entries.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="day-sheet-list">
          {entries.map((e) => (
            <li key={e.booking.id} id={`booking-${e.booking.id}`} className="day-sheet-entry">
              <p className="day-sheet-time">{timeText(e, time)}</p>
              <div className="stack-sm">
                <h3 className="day-sheet-pet">
                  <Link to={`/pets/${e.pet.id}`}>{e.pet.name}</Link>{' '}
                  <span className="badge badge-accent">{e.pet.type === 'dog' ? 'Dog' : 'Cat'}</span>{' '}
                  <span className="muted text-sm">{e.pet.breed}</span>
                </h3>
                <MemoizedMarkup
                  as="dl"
                  className="day-sheet-facts"
                  memoKey={`day-sheet-facts ${entryFactsKey(e, time)}`}
                >
                  {() => <EntryFacts entry={e} time={time} />}
                </MemoizedMarkup>
                <FrontDeskControls
                  booking={e.booking}
                  petName={e.pet.name}
                  now={now}
                  error={errors[e.booking.id]}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * The memo key of an entry's facts: every field `EntryFacts` (and what it
 * renders) reads, and no other, so two entries that show the same facts
 * share their markup. The whole entry as JSON did the same job, but building
 * and looking up those longer keys (field names, the pet's name and breed,
 * the booking's times) was ~5% of a busy day sheet's main thread. A field
 * `EntryFacts` comes to read must be added here: `day-sheet-memo.test.ts`
 * holds the memoized markup to React's for entries that differ in any field.
 */
function entryFactsKey(e: DaySheetEntry, time: DaySheetTime): string {
  const { booking: b, owner: o, pet: p, updates: u } = e
  return JSON.stringify([
    time,
    o.fname,
    o.lname,
    o.phone_num,
    p.id,
    p.behavior,
    p.dietary_note,
    p.medication_note,
    p.unverified_vaccines,
    p.vet.name,
    p.vet.phone,
    p.emergency_contact.name,
    p.emergency_contact.phone,
    b.status,
    b.drop_off_date,
    b.pick_up_date,
    b.vaccinations_missing,
    b.services.map((s) => s.service),
    u && [u.count, u.latest],
  ])
}

/**
 * What staff need to know of an entry: made from the fields its key
 * (entryFactsKey) holds alone, so the server writes it once for each
 * (memoized-markup.tsx).
 */
function EntryFacts({ entry: e, time }: { entry: DaySheetEntry; time: DaySheetTime }) {
  return (
    <>
      <div>
        <dt>Owner</dt>
        <dd>
          {e.owner.fname} {e.owner.lname} ·{' '}
          <a href={`tel:${e.owner.phone_num}`}>{formatPhone(e.owner.phone_num)}</a>
        </dd>
      </div>
      <div>
        <dt>Behavior</dt>
        <dd>{capitalize(e.pet.behavior)}</dd>
      </div>
      <div>
        <dt>Feeding</dt>
        <dd>{e.pet.dietary_note || 'No notes'}</dd>
      </div>
      <div>
        <dt>Medication</dt>
        <dd>{e.pet.medication_note || 'None'}</dd>
      </div>
      <div>
        <dt>Services</dt>
        <dd>{e.booking.services.map((s) => s.service).join(', ') || 'None'}</dd>
      </div>
      <VaccinationFact entry={e} />
      <StayUpdatesFact entry={e} />
      <ContactFact label="Vet" contact={e.pet.vet} />
      <ContactFact label="Emergency" contact={e.pet.emergency_contact} />
      {time === 'stay' || time === 'drop_off' || time === 'pick_up' ? (
        <div>
          <dt>Stay</dt>
          <dd>
            {formatWallDateTime(e.booking.drop_off_date)} –{' '}
            {formatWallDateTime(e.booking.pick_up_date)}
          </dd>
        </div>
      ) : null}
    </>
  )
}

/**
 * Flags ahead of time a pet that cannot be checked in (a required vaccine
 * missing or running out before pick-up) and records staff have yet to check.
 */
function VaccinationFact({ entry }: { entry: DaySheetEntry }) {
  const missing = entry.booking.vaccinations_missing
  const unverified = entry.pet.unverified_vaccines
  return (
    <div>
      <dt>Vaccines</dt>
      <dd>
        {missing.length ? (
          <>
            <span className="badge badge-danger">Missing</span>
            {` ${missing.join(', ')} · `}
            <Link to={`/pets/${entry.pet.id}#vaccinations`}>Record</Link>
          </>
        ) : unverified.length ? (
          <>
            <span className="badge badge-muted">To verify</span>
            {` ${unverified.join(', ')} · `}
            <Link to={`/pets/${entry.pet.id}#vaccinations`}>Check</Link>
          </>
        ) : (
          'Up to date'
        )}
      </dd>
    </div>
  )
}

/** A checked-in pet's updates so far, with where to post the next one. */
function StayUpdatesFact({ entry }: { entry: DaySheetEntry }) {
  if (!entry.updates && entry.booking.status !== 'checked_in') return null
  return (
    <div>
      <dt>Updates</dt>
      <dd>
        {entry.updates ? (
          <LatestStayUpdate summary={entry.updates} petId={entry.pet.id} />
        ) : (
          <>
            {'None yet · '}
            <Link to={`/pets/${entry.pet.id}#stay-updates`}>Post an update</Link>
          </>
        )}
      </dd>
    </div>
  )
}

/** Whom to call besides the owner, with a number to tap; "Not given" when the owner left it out. */
function ContactFact({
  label,
  contact,
}: {
  label: string
  contact: { name: string; phone: string }
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {contact.phone ? (
          <>
            {contact.name ? `${contact.name} · ` : ''}
            <a href={`tel:${contact.phone}`}>{formatPhone(contact.phone)}</a>
          </>
        ) : (
          contact.name || 'Not given'
        )}
      </dd>
    </div>
  )
}
