/**
 * A section's table of accounts on the staff's users page (/users): who they
 * are, their recent changes, and the actions the viewer may take on each —
 * change the position, end the sessions, deactivate or reactivate — each a
 * confirm dialog (confirm-dialog.tsx).
 *
 *   <UserTable title="Clients" users={rows} actor={actor} rowError={error} />
 *
 * The rows are most of the page's elements, made from a little data that a
 * manager opens again and again (the first page of each section), so the
 * server writes the table once for each set of what it shows (MemoizedMarkup:
 * the rows, the viewer, a row's error and the page's address, which each
 * dialog's link is made from) and reuses the markup. A closed dialog is a
 * plain link; while one of the page's questions is open without JavaScript
 * (`?confirm=…`: its form is in its row) the table is rendered as usual.
 */
import { canChangePosition, canManageAccount } from '~/domain/permissions'
import { formatPhone } from '~/domain/text'
import type { AccountEvent, Position } from '~/domain/user'
import { ConfirmDialog, MemoizedWithDialogs } from './confirm-dialog'
import { Notice } from './notice'
import type { Viewer } from './user-admin-forms'

/** What a row shows of an account. */
export type UserRow = {
  id: number
  name: string
  username: string
  email: string
  phone: string
  place: string
  staff: boolean
  position: Position | null
  active: boolean
  events: AccountEvent[]
}

/** A row action that failed, shown in its row. */
export type RowError = { userId: number; message: string }

type UserTableProps = {
  title: string
  users: UserRow[]
  actor: Viewer
  rowError: RowError | null
}

export function UserTable(props: UserTableProps) {
  const { title, users, actor, rowError } = props
  return (
    <MemoizedWithDialogs
      className="table-wrap"
      memoKey={`user table ${JSON.stringify([title, users, actor, rowError])}`}
    >
      {() => <UserTableContent {...props} />}
    </MemoizedWithDialogs>
  )
}

function UserTableContent({ title, users, actor, rowError }: UserTableProps) {
  return (
    <table className="table table-stack">
      <caption className="visually-hidden">{title}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Username</th>
          <th scope="col">Email</th>
          <th scope="col">Phone</th>
          <th scope="col">City</th>
          <th scope="col">Recent changes</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {users.map((u) => (
          <tr key={u.id}>
            <th scope="row" data-label="Name">
              {u.name}
              {!u.active ? (
                <span className="muted text-sm"> ({u.position ?? 'Client'})</span>
              ) : null}
            </th>
            <td data-label="Username">{u.username}</td>
            <td data-label="Email">
              <a href={`mailto:${u.email}`}>{u.email}</a>
            </td>
            <td data-label="Phone" className="nowrap">
              {formatPhone(u.phone)}
            </td>
            <td data-label="City">{u.place}</td>
            <td data-label="Recent changes">
              <Events events={u.events} />
            </td>
            <td data-label="Actions">
              {rowError?.userId === u.id ? <Notice tone="error">{rowError.message}</Notice> : null}
              <RowActions user={u} actor={actor} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

const ACTION_WORDS: Record<string, string> = {
  joined: 'Joined',
  position: 'Position changed',
  deactivated: 'Deactivated',
  reactivated: 'Reactivated',
  'sessions-ended': 'Sessions ended',
}

function Events({ events }: { events: AccountEvent[] }) {
  if (!events.length) return <span className="muted">None</span>
  return (
    <ul className="plain-list text-sm">
      {events.map((e, i) => (
        <li key={i}>
          {ACTION_WORDS[e.action] ?? e.action}
          {e.detail ? ` (${e.detail})` : ''}
          {e.actor ? ` by ${e.actor}` : ''} · <time dateTime={e.at.replace(' ', 'T')}>{e.at}</time>
        </li>
      ))}
    </ul>
  )
}

function RowActions({ user, actor }: { user: UserRow; actor: Viewer }) {
  const account = { id: user.id, staff: user.staff, position: user.position }
  const manage = canManageAccount(actor, account)
  const other: Position | null =
    user.position === 'Employee' ? 'Manager' : user.position === 'Manager' ? 'Employee' : null
  const promote = other && user.active && canChangePosition(actor, account, other)
  if (!manage && !promote) return <span className="muted">—</span>
  return (
    <div className="cluster">
      {promote ? (
        <ConfirmDialog
          confirmId={`position-${user.id}`}
          question={`Make ${user.name} ${other === 'Manager' ? 'a Manager' : 'an Employee'}?`}
          fields={{ intent: 'position', id: String(user.id), position: other }}
          triggerLabel={`Make ${other}`}
          triggerClassName="btn btn-secondary btn-sm"
          confirmLabel={`Yes, make ${other}`}
          pendingText="Saving…"
          icon={false}
        />
      ) : null}
      {manage && user.active ? (
        <>
          <ConfirmDialog
            confirmId={`sessions-${user.id}`}
            question={`Log ${user.name} out everywhere? They stay able to log in again.`}
            fields={{ intent: 'end-sessions', id: String(user.id) }}
            triggerLabel="End sessions"
            triggerClassName="btn btn-secondary btn-sm"
            confirmLabel="Yes, end sessions"
            pendingText="Ending…"
            icon={false}
          />
          <ConfirmDialog
            confirmId={`deactivate-${user.id}`}
            question={`Deactivate ${user.name}? They are logged out at once and cannot log in until reactivated.`}
            fields={{ intent: 'deactivate', id: String(user.id) }}
            triggerLabel="Deactivate"
            triggerClassName="btn btn-danger btn-sm"
            confirmLabel="Yes, deactivate"
            pendingText="Deactivating…"
            icon={false}
          />
        </>
      ) : null}
      {manage && !user.active ? (
        <ConfirmDialog
          confirmId={`reactivate-${user.id}`}
          question={`Reactivate ${user.name}? They can log in again.`}
          fields={{ intent: 'reactivate', id: String(user.id) }}
          triggerLabel="Reactivate"
          triggerClassName="btn btn-secondary btn-sm"
          confirmLabel="Yes, reactivate"
          pendingText="Reactivating…"
          icon={false}
        />
      ) : null}
    </div>
  )
}
