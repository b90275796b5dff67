/**
 * One click logs in with a demo account (a POST to /demo-login): a list for
 * the Demo menu of the navbar, or a row of buttons for the Log In page. Its own
 * module, so the Log In page doesn't carry the navbar's menus.
 *
 *   <DemoLoginButtons redirectTo="/services" />               // the Demo menu's list
 *   <DemoLoginButtons variant="buttons" redirectTo="/" />     // the Log In page
 */
import { Form } from 'react-router'
import { UserIcon } from './icons'

// What each role can do (app/domain/permissions.ts), said truly: a Manager has
// the settings too; what only the Owner has is making and unmaking Managers.
// The server logs in the account by its role (routes/demo-login.ts), not its password.
const DEMO_ROLES = [
  { account: 'client', label: 'Client', detail: 'Own pets, bookings and reviews' },
  { account: 'employee', label: 'Employee', detail: 'Day sheet and every pet' },
  {
    account: 'manager',
    label: 'Manager',
    detail: 'Services, bookings, settings, staff',
  },
  { account: 'owner', label: 'Owner', detail: 'All a Manager does, and Managers' },
] as const

export function DemoLoginButtons({
  redirectTo,
  variant = 'menu',
}: {
  redirectTo?: string
  variant?: 'menu' | 'buttons'
}) {
  return (
    <Form
      method="post"
      action="/demo-login"
      className={variant === 'buttons' ? 'cluster' : undefined}
    >
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {variant === 'menu' ? (
        <ul>
          {DEMO_ROLES.map((role) => (
            <li key={role.account}>
              <button type="submit" name="account" value={role.account} className="dropdown-item">
                <UserIcon />
                <span>
                  Log in as {role.label}
                  <small>{role.detail}</small>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        DEMO_ROLES.map((role) => (
          <button
            key={role.account}
            type="submit"
            name="account"
            value={role.account}
            className="btn btn-secondary btn-sm"
          >
            {role.label}
          </button>
        ))
      )}
    </Form>
  )
}
