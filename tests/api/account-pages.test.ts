import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/infra/db.server'
import { listAccountPages, type AccountGroup } from '~/models/user-admin.server'
import type { User } from '~/domain/user'
import { createUser } from '../support/factories'

// The pages of /users are one statement: a page of each asked section, each
// its own offset, with or without a search. Whatever the sections, their
// order, pages, page size and search words (LIKE's own characters among
// them), each section's page holds the accounts its rule names — active
// clients, active staff of a position, or deactivated accounts; among them
// those whose name, username or email contains the words — in id order,
// each with its latest three changes.

const GROUPS: AccountGroup[] = ['clients', 'Employee', 'Manager', 'Owner', 'deactivated']
const NAMES = ['Ann Lee', 'Bob Ray', 'Cy Ann', 'Dee 100%', 'Eve_x', 'O\\Brien', "O'Hara"]
const WORDS = [
  '',
  'ann',
  'ANN ',
  ' ray',
  '%',
  '_',
  '\\',
  "'",
  '100%',
  'e_x',
  'user_',
  '?',
  'nobody',
]

let manager: User
beforeAll(async () => {
  manager = await createUser({ role: 'manager' })
  const roles = ['client', 'employee', 'manager', 'owner'] as const
  for (let i = 0; i < 24; i++) {
    const [fname, lname] = NAMES[i % NAMES.length].split(' ')
    const user = await createUser({ role: roles[i % roles.length], fname, lname: lname ?? 'Zed' })
    if (i % 5 === 0) await (await getDb())('users').where({ id: user.id }).update({ active: false })
    // 0–5 changes each (the page shows the latest three), some at the same moment.
    for (let k = 0; k < i % 6; k++)
      await (
        await getDb()
      )('user_events').insert({
        user_id: user.id,
        actor_id: manager.id,
        action: 'position',
        detail: `change ${k}`,
        created_at: new Date(Date.UTC(2026, 0, 1 + Math.floor(k / 2))).toISOString(),
      })
  }
})

type Row = {
  id: number
  fname: string
  lname: string
  email: string
  username: string
  staff: boolean
  position: string | null
  active: boolean
}

const inGroup = (u: Row, group: AccountGroup) =>
  group === 'deactivated'
    ? !u.active
    : u.active && (group === 'clients' ? !u.staff : u.position === group)

const contains = (u: Row, words: string) =>
  [`${u.fname} ${u.lname}`, u.email, u.username].some((t) =>
    t.toLowerCase().includes(words.toLowerCase()),
  )

describe('listAccountPages', () => {
  it("gives each section's page of the accounts its rule names, for any sections, pages and words", async () => {
    const db = await getDb()
    // Each account's latest three changes, newest (then last made) first.
    const latest = new Map<number, string[]>()
    for (const e of await db('user_events')
      .select('user_id', 'detail')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]))
      latest.set(e.user_id, [...(latest.get(e.user_id) ?? []), e.detail].slice(0, 3))
    const everyone = (await db('users')
      .select('id', 'fname', 'lname', 'email', 'username', 'staff', 'position', 'active')
      .orderBy('id')) as Row[]
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...GROUPS), { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 5, maxLength: 5 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(...WORDS),
        async (groups, pages, pageSize, search) => {
          const sections = groups.map((group, i) => ({ group, page: pages[i] }))
          const found = await listAccountPages({ actor: manager, sections, search, pageSize })
          sections.forEach(({ group, page }, i) => {
            const named = everyone.filter(
              (u) => inGroup(u, group) && (!search.trim() || contains(u, search.trim())),
            )
            const from = (page - 1) * pageSize
            expect(found[i].users.map((u) => u.id)).toEqual(
              named.slice(from, from + pageSize).map((u) => u.id),
            )
            expect(found[i].hasMore).toBe(named.length > from + pageSize)
            for (const user of found[i].users)
              expect(user.events.map((e) => e.detail)).toEqual(latest.get(user.id) ?? [])
          })
        },
      ),
      { numRuns: 60 },
    )
  })

  it('gives nothing for no sections', async () => {
    expect(await listAccountPages({ actor: manager, sections: [] })).toEqual([])
    expect(await listAccountPages({ actor: manager, sections: [], search: 'ann' })).toEqual([])
  })
})
