import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PUBLIC_USER_COLUMNS, toUser, type UserRow } from './user.server'

// toUser is written out field by field (decision 055). It must give what
// the rule says a User is: the row's public columns only, in their order,
// `staff` a boolean, and `position` only for staff that have one — whatever
// else the row carries (a password hash, the session's `stale`, `active`).

const rowArb = fc.record({
  id: fc.integer({ min: 1 }),
  username: fc.string(),
  email: fc.string(),
  fname: fc.string(),
  lname: fc.string(),
  phone_num: fc.string(),
  address: fc.string(),
  city: fc.string(),
  state: fc.string(),
  zip: fc.string(),
  // The drivers give booleans; a count or a flag from raw SQL may come as 0/1.
  staff: fc.constantFrom(true, false, 0, 1) as fc.Arbitrary<boolean>,
  position: fc.constantFrom(null, 'Employee', 'Manager', 'Owner') as fc.Arbitrary<
    UserRow['position']
  >,
})

describe('toUser', () => {
  it('gives the public columns only, in order, for any row and whatever else it carries', () => {
    fc.assert(
      fc.property(
        rowArb,
        fc.dictionary(
          fc.constantFrom('password_hash', 'active', 'stale', 'token_id', 'events'),
          fc.anything(),
        ),
        (row, extra) => {
          const user = toUser({ ...extra, ...row })
          const keys = PUBLIC_USER_COLUMNS.filter((c) => c !== 'position' || row.position)
          expect(Object.keys(user)).toEqual(keys)
          for (const key of keys)
            expect(user[key]).toEqual(key === 'staff' ? !!row.staff : row[key])
          expect(typeof user.staff).toBe('boolean')
        },
      ),
      { numRuns: 300 },
    )
  })
})
