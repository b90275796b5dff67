/**
 * React Router's <Link>, the one every page uses. In the browser it is
 * React Router's own. On the server a plain link — `to` a path of this site
 * as a string, none of the options that change what is written (prefetch,
 * reloadDocument, relative, discover, target) — is written directly as the
 * <a> React Router writes for it: what it renders there is only that <a>, and
 * its ~25 hooks (each resolving the path twice, with the route matches turned
 * to JSON and back) were a tenth of the server's time for a page of 50 pet
 * cards. The browser's <Link> hydrates the same <a> and takes over its clicks.
 * link.test.ts holds the two <a> equal for any path and location.
 */
import { forwardRef, type ForwardedRef } from 'react'
import { createPath, Link as RouterLink, resolvePath, type LinkProps } from 'react-router'

export type PlainLinkProps = Omit<LinkProps, 'to'> & { to: string }

/** A link the server may write itself: to a path of this site (not `//host`), with nothing that changes the <a>. */
export function isPlain(props: LinkProps): props is PlainLinkProps {
  return (
    typeof props.to === 'string' &&
    /^\/(?![/\\])/.test(props.to) &&
    (props.prefetch === undefined || props.prefetch === 'none') &&
    !props.reloadDocument &&
    props.relative === undefined &&
    (props.discover === undefined || props.discover === 'render') &&
    props.mask === undefined &&
    props.target === undefined
  )
}

/**
 * The href React Router writes for a path of this site: '.', '..' and doubled
 * slashes resolved. A path of plain segments, with or without a search
 * ('/pets', '/bookingsByDate?date=2026-11-28': no segment empty, '.' or '..',
 * no backslash, no hash, a search of one character or more) it writes as it
 * is, so such a path is not taken apart and joined again (this runs for every
 * link and menu item of every page: ~1.5% of the server's time for /users).
 * link.test.ts holds it equal to React Router's for any path.
 */
const SETTLED_PATH = /^(?:\/(?!\.\.?(?:[/?]|$))[^/\\?#]+)*\/?(?:\?[^#]+)?$/
export const hrefOf = (to: string): string =>
  SETTLED_PATH.test(to) ? to : createPath(resolvePath(to))

/** What React Router's Link takes for itself and never writes as an attribute. */
const ROUTER_ONLY = new Set([
  'to',
  'replace',
  'state',
  'preventScrollReset',
  'viewTransition',
  'onClick',
  'defaultShouldRevalidate',
  'prefetch',
  'discover',
])

/** The <a> React Router's Link writes on the server for a plain link (`isPlain`). */
export function plainAnchor(props: PlainLinkProps) {
  // A loop, not `const { to, …, ...rest } = props`: with the props of a
  // page's several kinds of link, V8's object rest was ~20× slower than this
  // loop in a micro-benchmark, and 2% of the server's time for a client's
  // /pets, where this runs for every link.
  const attributes: Record<string, unknown> = {}
  for (const name in props)
    if (!ROUTER_ONLY.has(name)) attributes[name] = props[name as keyof PlainLinkProps]
  attributes.href = hrefOf(props.to)
  attributes['data-discover'] = 'true'
  return <a {...attributes} />
}

export const Link = forwardRef(function Link(
  props: LinkProps,
  ref: ForwardedRef<HTMLAnchorElement>,
) {
  if (import.meta.env.SSR && isPlain(props)) return plainAnchor(props)
  return <RouterLink {...props} ref={ref} />
})
