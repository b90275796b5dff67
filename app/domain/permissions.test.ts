import { describe, expect, it } from 'vitest'
import * as can from './permissions'
import type { Actor } from './user'

// The whole role × action matrix, written out as a table a hotel manager
// could read: for each action, who may do it. Every rule of the module is
// listed, and every role (a visitor included) is checked against it, on
// their own things and on somebody else's.

type Role = 'visitor' | 'client' | 'employee' | 'manager' | 'owner'
const ROLES: Role[] = ['visitor', 'client', 'employee', 'manager', 'owner']

const actors: Record<Role, Actor> = {
  visitor: null,
  client: { id: 1, staff: false },
  employee: { id: 2, staff: true, position: 'Employee' },
  manager: { id: 3, staff: true, position: 'Manager' },
  owner: { id: 4, staff: true, position: 'Owner' },
}

const idOf = (role: Role) => actors[role]?.id ?? -1
/** A thing belonging to the actor themselves, and one belonging to someone else (id 99). */
const own = (role: Role) => ({ owner_id: idOf(role), client_id: idOf(role) })
const others = { owner_id: 99, client_id: 99 }

const STAFF: Role[] = ['employee', 'manager', 'owner']
const ADMINS: Role[] = ['manager', 'owner']
const EVERYONE_LOGGED_IN: Role[] = ['client', ...STAFF]

// action → [roles allowed on their own thing, roles allowed on someone else's]
const MATRIX: Record<
  string,
  { own: Role[]; others: Role[]; check: (a: Actor, t: typeof others) => boolean }
> = {
  'see a pet': { own: EVERYONE_LOGGED_IN, others: STAFF, check: can.canSeePet },
  'edit a pet': { own: EVERYONE_LOGGED_IN, others: STAFF, check: can.canEditPet },
  'delete a pet': { own: EVERYONE_LOGGED_IN, others: STAFF, check: can.canDeletePet },
  'add a pet for an owner': {
    own: EVERYONE_LOGGED_IN,
    others: STAFF,
    check: (a, t) => can.canAddPetFor(a, t.owner_id),
  },
  'book for a pet': { own: EVERYONE_LOGGED_IN, others: ADMINS, check: can.canBookFor },
  'manage a booking': { own: EVERYONE_LOGGED_IN, others: ADMINS, check: can.canManageBooking },
  'see a booking': { own: EVERYONE_LOGGED_IN, others: ADMINS, check: can.canSeeBooking },
  'edit a review': { own: EVERYONE_LOGGED_IN, others: [], check: can.canEditReview },
  'delete a review': { own: EVERYONE_LOGGED_IN, others: ADMINS, check: can.canDeleteReview },
  'see a user': {
    own: EVERYONE_LOGGED_IN,
    others: STAFF,
    check: (a, t) => can.canSeeUser(a, t.client_id),
  },
  'end the sessions of a user': {
    own: EVERYONE_LOGGED_IN,
    others: ADMINS,
    check: (a, t) => can.canEndSessionsOf(a, t.client_id),
  },
}

// Actions on the hotel as a whole: who may.
const HOTEL_ACTIONS: Record<string, { allowed: Role[]; check: (a: Actor) => boolean }> = {
  'move a pet to another owner': { allowed: STAFF, check: can.canMovePet },
  'list every pet': { allowed: STAFF, check: can.canListAllPets },
  'list every booking': { allowed: ADMINS, check: can.canListAllBookings },
  'see the day sheet': { allowed: STAFF, check: can.canSeeDaySheet },
  'add a review': { allowed: ['client'], check: can.canAddReview },
  'manage services': { allowed: ADMINS, check: can.canManageServices },
  'manage settings': { allowed: ADMINS, check: can.canManageSettings },
  'choose the Pet of the Month': { allowed: ADMINS, check: can.canChoosePetOfTheMonth },
  'manage users': { allowed: ADMINS, check: can.canManageUsers },
  'list the staff': { allowed: STAFF, check: can.canListStaff },
}

describe('permissions: every role × every action', () => {
  for (const [action, rule] of Object.entries(MATRIX)) {
    it(`${action}: own — ${rule.own.join(', ') || 'nobody'}; anyone's — ${rule.others.join(', ') || 'nobody'}`, () => {
      for (const role of ROLES) {
        expect(rule.check(actors[role], own(role)), `${role} on their own`).toBe(
          rule.own.includes(role),
        )
        expect(rule.check(actors[role], others), `${role} on someone else's`).toBe(
          rule.others.includes(role),
        )
      }
    })
  }
  for (const [action, rule] of Object.entries(HOTEL_ACTIONS)) {
    it(`${action}: ${rule.allowed.join(', ')}`, () => {
      for (const role of ROLES)
        expect(rule.check(actors[role]), role).toBe(rule.allowed.includes(role))
    })
  }

  it('lists every rule of the module in the matrix', () => {
    const rules = Object.keys(can).filter((name) => name.startsWith('can'))
    const checked = new Set([
      ...Object.values(MATRIX).map((r) => r.check),
      ...Object.values(HOTEL_ACTIONS).map((r) => r.check),
    ])
    // Rules wrapped in an arrow above are matched by name instead.
    const wrapped = ['canAddPetFor', 'canSeeUser', 'canEndSessionsOf']
    for (const name of rules) {
      const fn = (can as unknown as Record<string, unknown>)[name]
      expect(checked.has(fn as never) || wrapped.includes(name), `${name} is in the matrix`).toBe(
        true,
      )
    }
  })

  it('assertCan refuses with a 403 AppError and lets an allowed actor through', () => {
    expect(() => can.assertCan(true)).not.toThrow()
    expect(() => can.assertCan(can.canManageUsers(actors.client))).toThrow(
      expect.objectContaining({ kind: 'forbidden', status: 403, message: 'Unauthorized' }),
    )
  })
})
