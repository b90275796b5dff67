/**
 * The account controls of the navbar and the landing banner:
 *  - a Demo dropdown when logged out and demo mode is on (one click logs in as
 *    the demo client, employee, manager or owner: a POST to /demo-login);
 *  - the profile dropdown: logged in → username, email, Manage Pets, My
 *    bookings (clients), View Daily Bookings (staff only), Account, Log Out
 *    (POST /logout); logged out → Log In
 *    and Sign Up. Without JS those are links to the /login and /signup pages;
 *    with JS they open as dialogs over the current page (auth-dialog.tsx,
 *    fetched when a visitor points at or focuses one of those links, so pages
 *    don't carry the forms for everyone who never logs in).
 *
 *   <AccountControls user={user} demoMode={demoMode} />
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Form, useLocation } from 'react-router'
import { Link } from './link'
import type { User } from '~/domain/user'
import type { AuthDialogKind } from './auth-dialog'
import { DemoLoginButtons } from './demo-login-buttons'
import { closeContainingDropdown, Dropdown } from './dropdown'
import { CalendarIcon, LogInIcon, LogOutIcon, PawIcon, SparkIcon, UserIcon } from './icons'

const loadAuthDialog = () => import('./auth-dialog')
const AuthDialog = lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })))
// Started on the way to a click (pointer over the link, or keyboard focus on it).
const prefetchAuthDialog = () => void loadAuthDialog().catch(() => {})

/** The path (with query) of the page we are on: where to come back to after logging in. */
export function useCurrentPath() {
  const location = useLocation()
  return `${location.pathname}${location.search}`
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

type AuthModal = AuthDialogKind | null

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
              {!user.staff ? (
                <li>
                  <Link className="dropdown-item" to="/my-bookings">
                    <CalendarIcon />
                    My bookings
                  </Link>
                </li>
              ) : null}
              {user.staff ? (
                <li>
                  <Link className="dropdown-item" to="/bookingsByDate">
                    <CalendarIcon />
                    View Daily Bookings
                  </Link>
                </li>
              ) : null}
              <li>
                <Link className="dropdown-item" to="/account">
                  <UserIcon />
                  Account
                </Link>
              </li>
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
              <Link
                className="dropdown-item"
                to={`/login${query}`}
                onClick={open('login')}
                onPointerEnter={prefetchAuthDialog}
                onFocus={prefetchAuthDialog}
              >
                <LogInIcon />
                Log In
              </Link>
            </li>
            <li>
              <Link
                className="dropdown-item"
                to={`/signup${query}`}
                onClick={open('signup')}
                onPointerEnter={prefetchAuthDialog}
                onFocus={prefetchAuthDialog}
              >
                <UserIcon />
                Sign Up
              </Link>
            </li>
          </ul>
        )}
      </Dropdown>

      {modal ? (
        // The dialog opens once its code is here (at once when prefetched): it
        // mounts whole, so it still starts with focus on its first field.
        <Suspense fallback={null}>
          <AuthDialog which={modal} here={here} query={query} onClose={close} onSwitch={setModal} />
        </Suspense>
      ) : null}
    </div>
  )
}

function initials(user: Pick<User, 'fname' | 'lname' | 'username'>) {
  const fromName = `${user.fname?.[0] ?? ''}${user.lname?.[0] ?? ''}`
  return fromName || user.username.slice(0, 2)
}
