import type { ReactNode } from 'react'
import { Outlet, useLocation, useRouteLoaderData } from 'react-router'
import { AccountControls } from '~/components/account-controls'
import { Brand } from '~/components/brand'
import { Dropdown } from '~/components/dropdown'
import { NavLink } from '~/components/nav-link'
import { RouteErrorBoundary } from '~/components/error-view'
import { MenuIcon, SettingsIcon } from '~/components/icons'
import { MemoizedMarkup } from '~/components/memoized-markup'
import { SiteFooter } from '~/components/site-footer'
import type { User } from '~/domain/user'
import type { loader as rootLoader } from '~/root'

// The shared layout: navbar (home image, demo button when logged
// out, profile button), the page, and the footer with social links. It reads
// the session from the root loader, so the first HTML already has the right menus.

type NavItem = { to: string; label: string }

function navItems(user: User | null): { main: NavItem[]; admin: NavItem[] } {
  const main: NavItem[] = [
    { to: '/services', label: 'Services' },
    { to: '/reviews', label: 'Reviews' },
  ]
  if (user) main.push({ to: '/pets', label: user.staff ? 'Pets' : 'My Pets' })
  if (user?.staff) main.push({ to: '/bookingsByDate', label: 'Daily Bookings' })
  const admin: NavItem[] =
    user?.position === 'Owner' || user?.position === 'Manager'
      ? [
          { to: '/services', label: 'Manage Services' },
          { to: '/users', label: 'Manage Users' },
          { to: '/bookings', label: 'Manage Bookings' },
          { to: '/settings', label: 'Settings' },
        ]
      : []
  return { main, admin }
}

/** The links of a dropdown menu (the phone menu, the Admin menu). */
function MenuLinks({ items }: { items: NavItem[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink className="dropdown-item" to={item.to}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  )
}

export default function Layout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  )
}

function Shell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const user = root?.user ?? null
  const { main, admin } = navItems(user)
  // The menus are made from the nav items and the page's path (which item is
  // active) alone: the server writes them once for each (memoized-markup.tsx).
  // The profile menu shows the person, and is rendered for each page.
  const { pathname, search } = useLocation()
  const location = { pathname, search }
  const menusKey = JSON.stringify([main, admin])

  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="navbar">
        <div className="container navbar-inner">
          <Dropdown
            className="nav-menu-mobile"
            summaryClassName="btn btn-ghost btn-sm"
            align="left"
            caret={false}
            label={
              <>
                <MenuIcon />
                <span className="visually-hidden">Menu</span>
              </>
            }
          >
            <MemoizedMarkup
              as="nav"
              aria-label="Main menu"
              memoKey={`phone ${menusKey}`}
              location={location}
            >
              <MenuLinks items={main} />
              {admin.length ? (
                <>
                  <div className="dropdown-divider" />
                  <p className="dropdown-heading">
                    <strong>Admin</strong>
                  </p>
                  <MenuLinks items={admin} />
                </>
              ) : null}
            </MemoizedMarkup>
          </Dropdown>
          <Brand />
          <MemoizedMarkup
            as="nav"
            aria-label="Main"
            className="nav-main"
            memoKey={`main ${menusKey}`}
            location={location}
          >
            <ul className="nav-links">
              {main.map((item) => (
                <li key={item.to}>
                  <NavLink className="nav-link" to={item.to}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
              {admin.length ? (
                <li>
                  <Dropdown
                    summaryClassName="nav-link"
                    align="left"
                    label={
                      <>
                        <SettingsIcon className="nav-icon" />
                        Admin
                      </>
                    }
                  >
                    <MenuLinks items={admin} />
                  </Dropdown>
                </li>
              ) : null}
            </ul>
          </MemoizedMarkup>
          <AccountControls user={user} demoMode={root?.demoMode ?? false} />
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}

// A page's error (403 'Unauthorized', 404 'Pet not found', …) keeps the navbar and footer.
export function ErrorBoundary() {
  return (
    <Shell>
      <RouteErrorBoundary />
    </Shell>
  )
}

export { headers } from '~/http/route-headers'
