import fc from 'fast-check'
import { createElement, type ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { createMarkupMemo } from '~/markup-memo.server'
import { ClientForm, InviteForm, type Viewer } from './user-admin-forms'
import { memoizedAsWithout, render, renderRoutes } from '../../tests/support/memo-equality'

// The server writes the users page's two forms (Add a client, Invite a staff
// member) from markup it rendered before for the same page address and the
// same positions to offer (FormPanel's memoKey, MemoizedInPageRouter): the
// browser hydrates it with what it renders itself, so it must be exactly what
// React writes without the memo — whatever was memoized before, and a form
// that shows a refused submission's messages and values shows them.

const text = fc.constantFrom('', 'Sam', 'Ä <b>&amp;</b> "q"', 'x'.repeat(60))
const lastResultArb = fc.option(
  fc.record({
    status: fc.constant('error' as const),
    initialValue: fc.record({ fname: text, email: text, position: text }),
    error: fc.record({
      fname: fc.constantFrom<string[]>(['First name is required'], ['<b>too long</b>']),
      email: fc.constantFrom<string[]>(['Enter a valid email'], []),
    }),
  }),
  { nil: undefined },
)
const formsArb = fc.record({
  actor: fc.record({
    id: fc.integer({ min: 1, max: 5 }),
    staff: fc.constant(true),
    position: fc.constantFrom('Employee' as const, 'Manager' as const, 'Owner' as const),
  }) as fc.Arbitrary<Viewer>,
  client: lastResultArb,
  invite: lastResultArb,
  // The page's address: its search is kept in the forms' action.
  search: fc.constantFrom('', '?q=a', '?clients=2&q=x%20y', '?confirm=sessions-2', '?q=%3Cb%3E'),
})
type FormsInput = typeof formsArb extends fc.Arbitrary<infer T> ? T : never

const formsOf = ({ actor, client, invite }: FormsInput) =>
  createElement(
    'div',
    null,
    createElement(ClientForm, { lastResult: client }),
    createElement(InviteForm, { actor, lastResult: invite }),
  )

describe("the users page's forms, memoized", () => {
  it('are written as React writes them without the memo, for any page, viewer and last submission', async () => {
    // One memo for all the runs, as in a server.
    const memo = createMarkupMemo()
    await memoizedAsWithout(formsArb, formsOf, memo, {
      path: ({ search }) => `/users${search}`,
      numRuns: 60,
    })
    expect(memo.size()).toBeGreaterThan(0)
  })

  it('are written once for a page address, and anew to show what a submission gave back', async () => {
    const memo = createMarkupMemo()
    const manager: Viewer = { id: 3, staff: true, position: 'Manager' }
    const page = (element: ReactElement, path: string) => render(element, memo, path)
    const invite = createElement(InviteForm, { actor: manager, lastResult: undefined })

    const first = await page(invite, '/users?q=lee')
    expect(first).toContain('action="/users?q=lee#error-summary"')
    expect(first).toContain('<option value="Employee">')
    expect(first).not.toContain('<option value="Manager">')
    expect(await page(invite, '/users?q=lee')).toBe(first)
    expect(memo.size()).toBe(1)

    // Another address: another action.
    expect(await page(invite, '/users')).toContain('action="/users#error-summary"')
    expect(memo.size()).toBe(2)

    // The owner may invite managers.
    const owner = createElement(InviteForm, {
      actor: { id: 1, staff: true, position: 'Owner' },
      lastResult: undefined,
    })
    expect(await page(owner, '/users')).toContain('<option value="Manager">')
    expect(memo.size()).toBe(3)

    // Refused: the messages and what was typed, not kept.
    const refused = await page(
      createElement(InviteForm, {
        actor: manager,
        lastResult: {
          status: 'error',
          initialValue: { fname: 'Sa<m' },
          error: { fname: ['First name is too short'] },
        },
      }),
      '/users',
    )
    expect(refused).toContain('First name is too short')
    expect(refused).toContain('value="Sa&lt;m"')
    expect(memo.size()).toBe(3)
  })

  it("are kept apart for each route: a form's action is made from the route as well as the address", async () => {
    const memo = createMarkupMemo()
    // The same address, /users, matched once by a route of its own and once
    // by the index route of a parent: the second form posts to /users?index.
    const renderAt = (routes: Parameters<typeof renderRoutes>[0]) =>
      renderRoutes(routes, memo, '/users')
    const Forms = () => createElement(ClientForm, { lastResult: undefined })
    const own = await renderAt([{ id: 'users', path: '/users', Component: Forms }])
    const index = await renderAt([
      {
        id: 'area',
        path: '/users',
        children: [{ id: 'users-index', index: true, Component: Forms }],
      },
    ])
    expect(own).toContain('action="/users#error-summary"')
    expect(index).toContain('action="/users?index#error-summary"')
  })
})
