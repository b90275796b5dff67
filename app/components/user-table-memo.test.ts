import fc from 'fast-check'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { createMarkupMemo } from '~/markup-memo.server'
import { UserTable, type RowError, type UserRow } from './user-table'
import type { Viewer } from './user-admin-forms'
import { memoizedAsWithout, render } from '../../tests/support/memo-equality'

// The server writes a section's table of /users from markup it rendered
// before for the same rows, viewer and page address (memoized-markup.tsx):
// the browser hydrates it with what it renders itself, so it must be exactly
// what React writes without the memo, for any rows, whatever was memoized
// before — and a page that asks one of its questions (?confirm=…) shows it.

// A few values for each field, markup's own characters among them.
const text = fc.constantFrom('', 'Sam Lee', 'Ä <b>&amp;</b> "q"', "O'Neil", 'x'.repeat(90))
const position = fc.constantFrom(null, 'Employee' as const, 'Manager' as const, 'Owner' as const)
const rowArb: fc.Arbitrary<UserRow> = fc.record({
  id: fc.integer({ min: 1, max: 4 }),
  name: text,
  username: fc.constantFrom('sam', 'jo <i>'),
  email: fc.constantFrom('sam@example.com', 'a"b@example.com'),
  phone: fc.constantFrom('5550101000', '12', ''),
  place: text,
  staff: fc.boolean(),
  position,
  active: fc.boolean(),
  events: fc.array(
    fc.record({
      action: fc.constantFrom('joined', 'position', 'deactivated', 'sessions-ended', 'other <x>'),
      detail: fc.constantFrom('', 'Employee → Manager'),
      at: fc.constantFrom('2026-11-30 09:15', '2026-01-02 23:59'),
      actor: fc.constantFrom(null, 'Morgan Reyes', '<Olivia>'),
    }),
    { maxLength: 2 },
  ),
})
const viewerArb: fc.Arbitrary<Viewer> = fc.record({
  id: fc.integer({ min: 1, max: 5 }),
  staff: fc.constant(true),
  position: fc.constantFrom('Employee' as const, 'Manager' as const, 'Owner' as const),
})
const tableArb = fc.record({
  title: fc.constantFrom('Clients', 'Employees', 'Deactivated'),
  users: fc.uniqueArray(rowArb, { maxLength: 3, selector: (u) => u.id }),
  actor: viewerArb,
  rowError: fc.option(
    fc.record({ userId: fc.integer({ min: 1, max: 4 }), message: text }) as fc.Arbitrary<RowError>,
    { nil: null },
  ),
  // The page's search: paged and searched, and asking a question of a row or of none.
  search: fc.constantFrom(
    '',
    '?q=a',
    '?clients=2&q=x%20y',
    '?confirm=sessions-2',
    '?confirm=deactivate-3&q=a',
    '?confirm=position-1',
    '?confirm=reactivate-4',
    '?confirm=nothing-here',
  ),
})

type TableInput = typeof tableArb extends fc.Arbitrary<infer T> ? T : never
const tableOf = ({ search: _search, ...props }: TableInput) => createElement(UserTable, props)

describe('a table of accounts on /users, memoized', () => {
  it('is written as React writes it without the memo, for any rows, viewer and page, whatever came before', async () => {
    // One memo for all the runs, as in a server.
    const memo = createMarkupMemo()
    await memoizedAsWithout(tableArb, tableOf, memo, {
      path: ({ search }) => `/users${search}`,
      numRuns: 60,
    })
    expect(memo.size()).toBeGreaterThan(0)
  })

  it('is written once for its rows, and anew when the page asks one of its questions', async () => {
    const memo = createMarkupMemo()
    const client: UserRow = {
      id: 5,
      name: 'Jordan Lee',
      username: 'jordan.lee',
      email: 'jordan.lee@example.com',
      phone: '5550101004',
      place: 'Springfield, Vermont',
      staff: false,
      position: null,
      active: true,
      events: [],
    }
    const actor: Viewer = { id: 3, staff: true, position: 'Manager' }
    const table = (users: UserRow[], path: string) =>
      render(
        createElement(UserTable, { title: 'Clients', users, actor, rowError: null }),
        memo,
        path,
      )

    const first = await table([client], '/users?q=lee')
    expect(first).toContain('href="/users?q=lee&amp;confirm=sessions-5"')
    expect(await table([client], '/users?q=lee')).toBe(first)
    expect(memo.size()).toBe(1)

    // Asked without JavaScript: the question and its form are in the row, not kept.
    const asking = await table([client], '/users?q=lee&confirm=deactivate-5')
    expect(asking).toContain('Deactivate Jordan Lee?')
    expect(asking).toContain('action="/users?q=lee" method="post"')
    expect(memo.size()).toBe(1)

    // A renamed account shows at once.
    expect(await table([{ ...client, name: 'Jordan Li' }], '/users?q=lee')).toContain('Jordan Li')
    expect(memo.size()).toBe(2)
  })
})
