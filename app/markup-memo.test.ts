import fc from 'fast-check'
import { createElement, Fragment, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server.bun'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useLocation,
} from 'react-router'
import { describe, expect, it } from 'vitest'
import { MarkupMemoContext, type MarkupMemo } from '~/components/memoized-markup'
import { SiteFooter } from '~/components/site-footer'
import type { User } from '~/domain/user'
import { createMarkupMemo } from './markup-memo.server'
import Layout from './routes/layout'

// The server writes the site's menus and footer from markup it rendered
// before (components/memoized-markup.tsx). The browser hydrates that markup
// with the menus it renders itself, so it must be exactly what React writes
// without the memo, for anyone on any page, whatever was memoized before.

/** Counts its renders, and shows the page's path when `where`. */
function counter() {
  const count = { renders: 0 }
  function Piece({ where = false }: { where?: boolean }) {
    count.renders++
    // A hook only where it is asked for: this test's pieces are rendered whole each time.
    // eslint-disable-next-line react-hooks/rules-of-hooks
    const location = where ? useLocation() : null
    return createElement('p', null, location ? `${location.pathname}${location.search}` : 'piece')
  }
  return { count, Piece }
}

describe('the server’s markup memo (markup-memo.server.tsx)', () => {
  it('renders a piece once for its key and gives the same markup after', () => {
    const memo = createMarkupMemo()
    const { count, Piece } = counter()
    const first = memo('a', () => createElement(Piece))
    expect(first).toBe('<p>piece</p>')
    expect(memo('a', () => createElement(Piece))).toBe(first)
    expect(count.renders).toBe(1)
    memo('b', () => createElement(Piece))
    expect(count.renders).toBe(2)
  })

  it('keeps a piece that reads the location apart for each path and query, and shows it that page’s', () => {
    const memo = createMarkupMemo()
    const { count, Piece } = counter()
    const here = () => createElement(Piece, { where: true })
    expect(memo('a', here, { pathname: '/pets', search: '' })).toBe('<p>/pets</p>')
    expect(memo('a', here, { pathname: '/pets', search: '?q=rex' })).toBe('<p>/pets?q=rex</p>')
    expect(memo('a', here, { pathname: '/users', search: '' })).toBe('<p>/users</p>')
    expect(memo('a', here, { pathname: '/pets', search: '' })).toBe('<p>/pets</p>')
    expect(count.renders).toBe(3)
  })

  it('keeps a piece under a long key (a long address, a day’s data) apart from one that differs at its end', () => {
    const memo = createMarkupMemo()
    const { count, Piece } = counter()
    const here = () => createElement(Piece, { where: true })
    const location = { pathname: '/pets', search: `?q=${'x'.repeat(5_000)}` }
    expect(memo('a', here, location)).toBe(`<p>/pets${location.search}</p>`)
    memo('a', here, location)
    expect(count.renders).toBe(1)
    const other = { ...location, search: `${location.search}y` }
    expect(memo('a', here, other)).toBe(`<p>/pets${other.search}</p>`)
    expect(count.renders).toBe(2)
  })

  it('holds at most its budget of characters, dropping the oldest first, and keeps no piece over a sixteenth of it', () => {
    const memo = createMarkupMemo(1_000, 1_600)
    const { count, Piece } = counter()
    const piece = () => createElement(Piece)
    for (const key of ['a', 'b', 'c']) memo(key.repeat(300), piece)
    // 3 × (300 + 12) characters is over 1,600 / 16 = 100 each: none kept.
    expect(memo.size()).toBe(0)
    for (let i = 0; i < 200; i++) memo(`k${i}`, piece)
    expect(memo.characters()).toBeLessThanOrEqual(1_600)
    expect(memo.size()).toBe(Math.floor(1_600 / 'k199<p>piece</p>'.length))
    const renders = count.renders
    memo('k199', piece)
    memo('k0', piece)
    expect(count.renders).toBe(renders + 1)
  })

  it('fails a piece that reads the location when it was given none, rather than show some other page', () => {
    const memo = createMarkupMemo()
    const { Piece } = counter()
    expect(() => memo('a', () => createElement(Piece, { where: true }))).toThrow(/<Router>/)
  })

  it('holds at most its limit, dropping the oldest piece first', () => {
    const memo = createMarkupMemo(2)
    const { count, Piece } = counter()
    for (const key of ['a', 'b', 'c']) memo(key, () => createElement(Piece))
    expect(memo.size()).toBe(2)
    expect(count.renders).toBe(3)
    memo('c', () => createElement(Piece))
    memo('b', () => createElement(Piece))
    expect(count.renders).toBe(3)
    memo('a', () => createElement(Piece))
    expect(count.renders).toBe(4)
    expect(memo.size()).toBe(2)
  })
})

/** The layout (menus, profile menu, footer) as the server renders it on the page at `url`. */
async function layoutAt(
  url: string,
  user: User | null,
  demoMode: boolean,
  memo: MarkupMemo | null,
): Promise<string> {
  const handler = createStaticHandler([
    {
      id: 'root',
      path: '/',
      loader: () => ({ user, demoMode }),
      children: [{ id: 'layout', Component: Layout, children: [{ path: '*', Component: Page }] }],
    },
  ])
  const context = await handler.query(new Request(new URL(url, 'http://localhost')))
  if (context instanceof Response) throw new Error('unexpected redirect')
  const router = createStaticRouter(handler.dataRoutes, context)
  const page: ReactNode = createElement(StaticRouterProvider, { router, context, hydrate: false })
  return renderToString(
    memo ? createElement(MarkupMemoContext.Provider, { value: memo }, page) : page,
  )
}

function Page() {
  return createElement(Fragment, null, 'the page')
}

const name = fc.stringMatching(/^[A-Za-z<>&"' é-]{1,12}$/)
const userArb: fc.Arbitrary<User | null> = fc.option(
  fc.record({
    id: fc.integer({ min: 1, max: 5 }),
    username: name,
    email: name.map((n) => `${n}@example.com`),
    fname: name,
    lname: name,
    phone_num: fc.constant('5550000000'),
    address: fc.constant('1 Road'),
    city: fc.constant('Town'),
    state: fc.constant('ST'),
    zip: fc.constant('00000'),
    staff: fc.boolean(),
    position: fc.constantFrom(undefined, 'Owner', 'Manager', 'Employee'),
  }) as fc.Arbitrary<User>,
  { nil: null },
)
const urlArb = fc
  .tuple(
    fc.constantFrom(
      '/services',
      '/reviews',
      '/pets',
      '/pets/12',
      '/PETS',
      '/bookingsByDate',
      '/bookings',
      '/users',
      '/settings',
      '/services/3',
      '/account',
      '/petsitter',
    ),
    fc.constantFrom('', '?date=2026-11-29', '?q=a%20b', '?redirectTo=%2Fpets'),
  )
  .map(([path, search]) => path + search)

describe('the site’s frame, memoized', () => {
  it('is the markup React writes without the memo, for anyone on any page, whatever came before', async () => {
    // One memo for the whole run, as in a server: a piece memoized for one
    // person or page and shown to another would differ here.
    const memo = createMarkupMemo()
    // The menus' inputs seen: who sees which menu items (a visitor, a client,
    // staff, a manager or owner) and the page.
    const menusSeen = new Set<string>()
    await fc.assert(
      fc.asyncProperty(userArb, fc.boolean(), urlArb, async (user, demoMode, url) => {
        const admin = user?.position === 'Owner' || user?.position === 'Manager'
        menusSeen.add(`${user ? `${user.staff} ${admin}` : 'visitor'} ${url}`)
        const plain = await layoutAt(url, user, demoMode, null)
        expect(plain).toContain('the page')
        expect(await layoutAt(url, user, demoMode, memo)).toBe(plain)
      }),
      { numRuns: 300 },
    )
    // Two menus for each of those and one footer: the memo kept nothing for a person.
    expect(memo.size()).toBeGreaterThan(3)
    expect(memo.size()).toBeLessThanOrEqual(2 * menusSeen.size + 1)
  })

  it('writes the footer once for every page', () => {
    const memo = createMarkupMemo()
    const footer = (withMemo: boolean) =>
      renderToString(
        withMemo
          ? createElement(MarkupMemoContext.Provider, { value: memo }, createElement(SiteFooter))
          : createElement(SiteFooter),
      )
    expect(footer(true)).toBe(footer(false))
    expect(footer(true)).toBe(footer(false))
    expect(memo.size()).toBe(1)
  })
})
