/**
 * The account controls of the navbar and the landing banner:
 *  - a Demo dropdown when logged out and demo mode is on (one click logs in as
 *    the demo client, employee, manager or owner: a POST to /demo-login);
 *  - the profile dropdown: logged in → username, email, Manage Pets, View
 *    Daily Bookings (staff only), Log Out (POST /logout); logged out → Log In
 *    and Sign Up. Without JS those are links to the /login and /signup pages;
 *    with JS they open as dialogs over the current page.
 *
 *   <AccountControls user={user} demoMode={demoMode} />
 *   <DemoLoginButtons redirectTo="/" />   // the demo buttons alone (login page)
 */
import { useEffect, useRef, useState } from 'react'
import { Form, Link, useLocation } from 'react-router'
import type { User } from '~/domain/user'
import { closeContainingDropdown, Dropdown } from './dropdown'
import { CalendarIcon, LogInIcon, LogOutIcon, PawIcon, SparkIcon, UserIcon } from './icons'
import { LoginForm } from './login-form'
import { ModalDialog } from './modal-dialog'
import { SignupForm } from './signup-form'

const DEMO_ROLES = [
  { account: 'client', label: 'Client', detail: 'Pets, bookings, reviews' },
  { account: 'employee', label: 'Employee', detail: 'Daily bookings, all pets' },
  { account: 'manager', label: 'Manager', detail: 'Services, users, bookings' },
  { account: 'owner', label: 'Owner', detail: 'Everything, plus settings' },
] as const

/** The path (with query) of the page we are on: where to come back to after logging in. */
export function useCurrentPath() {
  const location = useLocation()
  return `${location.pathname}${location.search}`
}

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

export function DemoMenu({ redirectTo }: { redirectTo?: string }) {
  return (
    <Dropdown
      testId="demo-menu"
      summaryClassName="btn btn-secondary btn-sm"
      label={
        <>
          <SparkIcon />
          Demo
        </>
      }
    >
      <p className="dropdown-heading">
        <strong>Try the demo</strong>
        <span>One click logs you in with a demo account.</span>
      </p>
      <DemoLoginButtons redirectTo={redirectTo} />
    </Dropdown>
  )
}

type AuthModal = 'login' | 'signup' | null

export function AccountControls({ user, demoMode }: { user: User | null; demoMode: boolean }) {
  const here = useCurrentPath()
  const [modal, setModal] = useState<AuthModal>(null)
  const returnFocus = useRef<HTMLElement | null>(null)

  // A successful login or signup revalidates the root loader: close the dialog.
  useEffect(() => {
    if (user) setModal(null)
  }, [user])

  const open =
    (which: Exclude<AuthModal, null>) => (event: React.MouseEvent<HTMLAnchorElement>) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
      event.preventDefault()
      returnFocus.current = closeContainingDropdown(event.currentTarget)
      setModal(which)
    }
  const close = () => {
    setModal(null)
    returnFocus.current?.focus()
  }
  const query = here !== '/' ? `?redirectTo=${encodeURIComponent(here)}` : ''

  return (
    <div className="nav-actions">
      {!user && demoMode ? <DemoMenu redirectTo={here} /> : null}
      <Dropdown
        testId="profile-menu"
        summaryClassName="btn btn-ghost profile-button"
        label={
          user ? (
            <>
              <span className="avatar" aria-hidden="true">
                {initials(user)}
              </span>
              <span className="visually-hidden">Profile: </span>
              <span className="profile-button-name">{user.username}</span>
            </>
          ) : (
            <>
              <UserIcon />
              <span className="profile-button-name">Profile</span>
            </>
          )
        }
      >
        {user ? (
          <>
            <div className="dropdown-heading">
              <strong>{user.username}</strong>
              <span>{user.email}</span>
            </div>
            <ul>
              <li>
                <Link className="dropdown-item" to="/pets">
                  <PawIcon />
                  Manage Pets
                </Link>
              </li>
              {user.staff ? (
                <li>
                  <Link className="dropdown-item" to="/bookingsByDate">
                    <CalendarIcon />
                    View Daily Bookings
                  </Link>
                </li>
              ) : null}
            </ul>
            <div className="dropdown-divider" />
            <Form method="post" action="/logout">
              <button type="submit" className="dropdown-item">
                <LogOutIcon />
                Log Out
              </button>
            </Form>
          </>
        ) : (
          <ul>
            <li>
              <Link className="dropdown-item" to={`/login${query}`} onClick={open('login')}>
                <LogInIcon />
                Log In
              </Link>
            </li>
            <li>
              <Link className="dropdown-item" to={`/signup${query}`} onClick={open('signup')}>
                <UserIcon />
                Sign Up
              </Link>
            </li>
          </ul>
        )}
      </Dropdown>

      {modal === 'login' ? (
        <ModalDialog
          title="Log In"
          description="Welcome back! Your pets missed you."
          closeTo={`/login${query}`}
          onClose={close}
        >
          <LoginForm redirectTo={here} onSwitchToSignup={() => setModal('signup')} />
        </ModalDialog>
      ) : null}
      {modal === 'signup' ? (
        <ModalDialog
          title="Sign Up"
          description="Create an account to book stays for your pets."
          closeTo={`/signup${query}`}
          onClose={close}
          wide
        >
          <SignupForm redirectTo={here} onSwitchToLogin={() => setModal('login')} />
        </ModalDialog>
      ) : null}
    </div>
  )
}

function initials(user: Pick<User, 'fname' | 'lname' | 'username'>) {
  const fromName = `${user.fname?.[0] ?? ''}${user.lname?.[0] ?? ''}`
  return fromName || user.username.slice(0, 2)
}
