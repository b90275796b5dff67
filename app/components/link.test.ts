import fc from 'fast-check'
import { createElement, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import {
  createPath,
  createStaticHandler,
  createStaticRouter,
  Link as RouterLink,
  NavLink as RouterNavLink,
  resolvePath,
  StaticRouterProvider,
  type LinkProps,
  type NavLinkProps,
} from 'react-router'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { hrefOf, isPlain, Link, plainAnchor, type PlainLinkProps } from './link'
import { isActiveAt, isPlainNav, NavLink } from './nav-link'

// The server writes a plain link's <a> itself (link.tsx) instead of rendering
// React Router's Link: the browser's Link hydrates that <a>, so the two must
// be the same markup for any path, from any page.

const Nothing = () => null

/**
 * The markup `element` renders on the page at `location`, inside React
 * Router's static router. It is the root route's element and its error
 * element: a path React Router matches to no route — one whose decoded path
 * holds a line break (`/%0a`), which its `*` does not match — still renders
 * it there, as the site's layout renders its links on its 404 page.
 */
async function renderAt(location: string, element: ReactNode): Promise<string> {
  const handler = createStaticHandler([
    { id: 'root', element, errorElement: element, children: [{ path: '*', Component: Nothing }] },
  ])
  const context = await handler.query(new Request(new URL(location, 'http://localhost')))
  if (context instanceof Response) throw new Error('unexpected redirect')
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }))
}

const segment = fc.stringMatching(/^[a-zA-Z0-9 ._~%é!$&'()*+,;=:@-]{0,8}$/)
const pathArb = fc
  .tuple(
    fc.array(fc.oneof(segment, fc.constantFrom('.', '..', '')), { maxLength: 5 }),
    fc.option(fc.stringMatching(/^[a-z0-9=&% ?/]{0,10}$/), { nil: undefined }),
    fc.option(fc.stringMatching(/^[a-z0-9 #?/-]{0,8}$/), { nil: undefined }),
  )
  .map(
    ([segments, search, hash]) =>
      `/${segments.join('/')}${search === undefined ? '' : `?${search}`}${hash === undefined ? '' : `#${hash}`}`,
  )

const extraProps = fc.record(
  {
    className: fc.constantFrom('btn', 'nav-link'),
    rel: fc.constantFrom('prev', 'next'),
    'aria-label': fc.string({ maxLength: 10 }),
    preventScrollReset: fc.boolean(),
    replace: fc.boolean(),
    children: fc.string({ maxLength: 10 }),
  },
  { requiredKeys: [] },
)

/**
 * What React Router warns of on the console during a test, kept instead of
 * printed: page addresses with a bad percent encoding are among those the
 * properties try, on purpose, and React Router warns of each and carries on.
 */
function routerWarnings() {
  const warnings: string[] = []
  const warn = vi.spyOn(console, 'warn').mockImplementation((m) => void warnings.push(String(m)))
  onTestFinished(() => warn.mockRestore())
  return warnings
}

describe('the server’s plain links (link.tsx)', () => {
  it('writes the href React Router resolves, for any path of slashes, dots and plain characters', () => {
    const part = fc.constantFrom(
      '/',
      '//',
      '\\',
      '.',
      '..',
      'a',
      'pets',
      '12',
      '?',
      '#',
      ' ',
      '%2F',
    )
    const settled = fc
      .array(fc.stringMatching(/^[a-z0-9._~%-]{1,6}$/), { maxLength: 4 })
      .map((segments) => `/${segments.join('/')}`)
      .chain((path) =>
        fc.constantFrom(
          path,
          `${path}?`,
          `${path}?date=2026-11-28&x=?`,
          `${path}??`,
          `${path}?a#b`,
        ),
      )
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(part, { maxLength: 8 }).map((p) => `/${p.join('')}`),
          settled,
        ),
        (to) => {
          expect(hrefOf(to)).toBe(createPath(resolvePath(to)))
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('runs here as on the server, where the shortcut applies', () => {
    expect(import.meta.env.SSR).toBe(true)
  })

  it('writes the <a> React Router’s Link writes, for any path of this site and any page', async () => {
    const warnings = routerWarnings()
    await fc.assert(
      fc.asyncProperty(
        pathArb.filter((to) => isPlain({ to })),
        // The page's own address (a request's path never starts with '//').
        pathArb.filter((location) => !location.startsWith('//')),
        extraProps,
        async (to, location, extra) => {
          const props = { ...extra, to } as PlainLinkProps
          const ours = await renderAt(location, plainAnchor(props))
          const routers = await renderAt(location, createElement(RouterLink, props))
          expect(ours).toBe(routers)
        },
      ),
      { numRuns: 300, examples: [['/pets', '/%0a', {}]] },
    )
    for (const warning of warnings) expect(warning).toMatch(/could not be decoded/)
  })

  it('keeps every option that changes the <a> for React Router’s Link', () => {
    const plain: LinkProps = { to: '/pets/1' }
    expect(isPlain(plain)).toBe(true)
    for (const props of [
      { to: '//example.com/x' },
      { to: '/\\example.com' },
      { to: 'pets/1' },
      { to: { pathname: '/pets/1' } },
      { to: '/pets/1', prefetch: 'intent' },
      { to: '/pets/1', reloadDocument: true },
      { to: '/pets/1', relative: 'path' },
      { to: '/pets/1', discover: 'none' },
      { to: '/pets/1', target: '_blank' },
    ] as LinkProps[])
      expect(isPlain(props), JSON.stringify(props)).toBe(false)
  })

  it('is what <Link> renders on the server for a plain link, and React Router’s Link otherwise', async () => {
    const plainHtml = await renderAt('/pets', createElement(Link, { to: '/pets/2/../3?x=1' }))
    expect(plainHtml).toBe('<a href="/pets/3?x=1" data-discover="true"></a>')
    expect(hrefOf('/a/b/')).toBe('/a/b/')
    const other = await renderAt('/pets', createElement(Link, { to: 'next', relative: 'path' }))
    expect(other).toBe(
      await renderAt('/pets', createElement(RouterLink, { to: 'next', relative: 'path' })),
    )
  })
})

// The same for a NavLink, whose <a> also says whether the page is at or under
// its path (class `active`, aria-current).
const navProps = fc.record(
  {
    className: fc.constantFrom('', 'nav-link', 'dropdown-item'),
    'aria-current': fc.constantFrom('page', 'location', 'true'),
    end: fc.boolean(),
    caseSensitive: fc.boolean(),
    children: fc.string({ maxLength: 10 }),
  },
  { requiredKeys: [] },
)

/** A page's address near a link's path: the path itself, under it, beside it, another case. */
const nearby = (to: string) =>
  fc
    .tuple(
      fc.constantFrom('', '/', '/7', 's', '/x/y', '?q=1'),
      fc.constantFrom<'same' | 'upper' | 'lower'>('same', 'upper', 'lower'),
    )
    .map(([suffix, casing]) => {
      const path = to.split(/[?#]/)[0] + suffix
      return casing === 'upper'
        ? path.toUpperCase()
        : casing === 'lower'
          ? path.toLowerCase()
          : path
    })
    .filter((location) => !location.startsWith('//'))

describe('the server’s plain nav links (nav-link.tsx)', () => {
  it('writes the <a> React Router’s NavLink writes, active or not, for any path and page', async () => {
    const warnings = routerWarnings()
    await fc.assert(
      fc.asyncProperty(
        pathArb
          .filter((to) => isPlain({ to }))
          .chain((to) =>
            fc.tuple(
              fc.constant(to),
              fc.oneof(
                nearby(to),
                pathArb.filter((l) => !l.startsWith('//')),
              ),
            ),
          ),
        navProps,
        async ([to, location], extra) => {
          const props = { ...extra, to } as NavLinkProps
          expect(isPlainNav(props)).toBe(true)
          const ours = await renderAt(location, createElement(NavLink, props))
          const routers = await renderAt(location, createElement(RouterNavLink, props))
          expect(ours).toBe(routers)
        },
      ),
      { numRuns: 400, examples: [[['/pets', '/pets%0A'], {}]] },
    )
    for (const warning of warnings) expect(warning).toMatch(/could not be decoded/)
  })

  it('is active at its path and under it, as the nav bar needs', () => {
    expect(isActiveAt('/pets', '/pets')).toBe(true)
    expect(isActiveAt('/pets/12/edit', '/pets')).toBe(true)
    expect(isActiveAt('/Pets', '/pets')).toBe(true)
    expect(isActiveAt('/petsitters', '/pets')).toBe(false)
    expect(isActiveAt('/pets/12', '/pets', { end: true })).toBe(false)
    expect(isActiveAt('/Pets', '/pets', { caseSensitive: true })).toBe(false)
  })

  it('leaves to React Router’s NavLink what is given as a function', () => {
    for (const props of [
      { to: '/pets', className: () => 'x' },
      { to: '/pets', style: () => ({}) },
      { to: '/pets', children: () => 'x' },
      { to: '/pets', viewTransition: true },
      { to: '/pets', prefetch: 'intent' },
    ] as NavLinkProps[])
      expect(isPlainNav(props), JSON.stringify(props)).toBe(false)
  })
})
