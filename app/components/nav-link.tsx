/**
 * React Router's <NavLink>, the one the nav bar uses. In the browser it is
 * React Router's own. On the server a plain one — a plain link (link.tsx)
 * whose class, style and children are not functions — is written directly as
 * the <a> React Router's NavLink writes there: its class with `active` and
 * `aria-current` when the page is at or under its path (on the server
 * nothing is pending or transitioning). Its hooks and the Link it renders
 * were ~5% of the server's time for a client's page of pets; the nav bar
 * and its phone menu hold six (a client's) to sixteen (a manager's).
 * link.test.ts holds the two <a> equal for any path and location.
 */
import { forwardRef, type CSSProperties, type ForwardedRef, type ReactNode } from 'react'
import {
  NavLink as RouterNavLink,
  useLocation,
  type LinkProps,
  type NavLinkProps,
} from 'react-router'
import { hrefOf, isPlain, plainAnchor } from './link'

export type PlainNavLinkProps = Omit<NavLinkProps, 'to' | 'className' | 'style' | 'children'> & {
  to: string
  className?: string
  style?: CSSProperties
  children?: ReactNode
}

/** A NavLink the server may write itself: a plain link, nothing given as a function. */
export function isPlainNav(props: NavLinkProps): props is PlainNavLinkProps {
  // isPlain reads only the props a Link and a NavLink share.
  return (
    isPlain(props as LinkProps) &&
    typeof props.className !== 'function' &&
    typeof props.style !== 'function' &&
    typeof props.children !== 'function' &&
    props.viewTransition === undefined
  )
}

/**
 * Whether a NavLink to `to` is active on the page at `pathname`, as React
 * Router decides: the page is at the link's path or under it (unless `end`),
 * compared without case (unless `caseSensitive`), the link's href read as a
 * URL's path (encoded).
 */
export function isActiveAt(
  pathname: string,
  to: string,
  { caseSensitive = false, end = false }: { caseSensitive?: boolean; end?: boolean } = {},
): boolean {
  let target = new URL(hrefOf(to).replace(/ $/, '%20'), 'http://localhost').pathname
  let here = pathname
  if (!caseSensitive) {
    target = target.toLowerCase()
    here = here.toLowerCase()
  }
  const endSlash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length
  return here === target || (!end && here.startsWith(target) && here.charAt(endSlash) === '/')
}

/** The <a> React Router's NavLink writes on the server, for a plain one (`isPlainNav`). */
function PlainNavLink({
  'aria-current': ariaCurrent = 'page',
  caseSensitive,
  className = '',
  end,
  style,
  to,
  viewTransition: _viewTransition,
  children,
  ...rest
}: PlainNavLinkProps) {
  const active = isActiveAt(useLocation().pathname, to, { caseSensitive, end })
  return plainAnchor({
    ...rest,
    'aria-current': active ? ariaCurrent : undefined,
    className: active ? (className ? `${className} active` : 'active') : className,
    style,
    to,
    children,
  })
}

/** In the browser React Router's NavLink itself; on the server, a plain one written directly. */
export const NavLink: typeof RouterNavLink = import.meta.env.SSR
  ? forwardRef(function NavLink(props: NavLinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
      if (isPlainNav(props)) return <PlainNavLink {...props} />
      return <RouterNavLink {...props} ref={ref} />
    })
  : RouterNavLink
