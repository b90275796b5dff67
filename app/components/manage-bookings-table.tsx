/**
 * A page of Manage Bookings (/bookings) as a table: each stay's pet, client,
 * type, dates, services and total, and for upcoming stays the way to update
 * or delete it (a confirm dialog, confirm-dialog.tsx).
 *
 *   <ManageBookingsTable bookings={rows} tab="Upcoming" page={1} upcoming />
 *
 * Its rows are nearly all of the page's elements, made from a little data
 * that the Owner and Managers open again and again (the first page of
 * upcoming stays), so the server writes the table once for each set of what
 * it shows (MemoizedMarkup: the rows, the tab and page, the view and the page's
 * address, which each delete dialog's link is made from) and reuses the
 * markup. A closed dialog is a plain link; while a question is open without
 * JavaScript (`?confirm=…`: its form is in its row) the table is rendered as
 * usual.
 */
import type { Booking, BookingListItem } from '~/domain/booking'
import { BookingRowCells, type BookingRowFacts } from './booking-summary'
import { ConfirmDialog, MemoizedWithDialogs } from './confirm-dialog'
import { Link } from './link'

/** What a row of Manage Bookings shows of a booking. */
export type ManagedBookingRow = BookingRowFacts & {
  id: number
  pet_id: number
  pet: Pick<Booking['pet'], 'name' | 'type'>
  client: Pick<BookingListItem['client'], 'fname' | 'lname'>
}

type TableProps = {
  bookings: ManagedBookingRow[]
  /** The tab's name and the page's number, for the table's caption. */
  tab: string
  page: number
  /** Upcoming stays: with the Started badge and each stay's actions. */
  upcoming: boolean
}

export function ManageBookingsTable(props: TableProps) {
  const { bookings, tab, page, upcoming } = props
  return (
    <MemoizedWithDialogs
      className="table-wrap"
      memoKey={`manage bookings ${JSON.stringify([tab, page, upcoming, bookings])}`}
    >
      {() => <TableContent {...props} />}
    </MemoizedWithDialogs>
  )
}

function TableContent({ bookings, tab, page, upcoming }: TableProps) {
  return (
    <table className="table table-stack booking-table">
      <caption className="visually-hidden">
        {tab}, page {page}
      </caption>
      <thead>
        <tr>
          <th scope="col">Pet</th>
          <th scope="col">Client</th>
          <th scope="col">Type</th>
          <th scope="col">Stay</th>
          <th scope="col">Services</th>
          <th scope="col">Total</th>
          {upcoming ? <th scope="col">Actions</th> : null}
        </tr>
      </thead>
      <tbody>
        {bookings.map((b) => (
          <tr key={b.id}>
            <th scope="row" data-label="Pet">
              <Link to={`/pets/${b.pet_id}`}>{b.pet.name}</Link>
              <span className="muted text-sm"> ({b.pet.type})</span>
            </th>
            <td data-label="Client">
              {b.client.fname} {b.client.lname}
            </td>
            <BookingRowCells booking={b} showStarted={upcoming} />
            {upcoming ? (
              <td data-label="">
                <RowActions booking={b} />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Update (a link to the pet's booking page) and delete, both refused once the stay has started. */
function RowActions({ booking: b }: { booking: ManagedBookingRow }) {
  const which = (
    <span className="visually-hidden">
      {' '}
      booking {b.id} of {b.pet.name}
    </span>
  )
  return (
    <div className="cluster booking-row-actions">
      {b.started ? (
        <button type="button" className="btn btn-secondary btn-sm" disabled aria-disabled="true">
          Update
          {which}
        </button>
      ) : (
        <Link className="btn btn-secondary btn-sm" to={`/bookings/pet/${b.pet_id}?edit`}>
          Update
          {which}
        </Link>
      )}
      <ConfirmDialog
        confirmId={`delete-booking-${b.id}`}
        question={`Are you sure you want to delete the booking of ${b.pet.name}?`}
        fields={{ intent: 'delete', id: String(b.id) }}
        triggerLabel={
          <>
            Delete
            {which}
          </>
        }
        triggerClassName="btn btn-danger btn-sm"
        disabled={b.started}
      />
    </div>
  )
}
