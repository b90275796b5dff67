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
  'keep a pet’s vaccinations': {
    own: EVERYONE_LOGGED_IN,
    others: STAFF,
    check: can.canKeepVaccinations,
  },
  'add a pet for an owner': {
    own: EVERYONE_LOGGED_IN,
    others: STAFF,
    check: (a, t) => can.canAddPetFor(a, t.owner_id),
  },
  'book for a pet': { own: EVERYONE_LOGGED_IN, others: ADMINS, check: can.canBookFor },
  'manage a booking': { own: EVERYONE_LOGGED_IN, others: ADMINS, check: can.canManageBooking },
  'see a booking': { own: EVERYONE_LOGGED_IN, others: ADMINS, check: can.canSeeBooking },
  'read a stay’s updates': { own: EVERYONE_LOGGED_IN, others: STAFF, check: can.canSeeStayUpdates },
  'join the waitlist for a pet': {
    own: EVERYONE_LOGGED_IN,
    others: ADMINS,
    check: can.canJoinWaitlistFor,
  },
  'take or leave a waitlisted stay': {
    own: EVERYONE_LOGGED_IN,
    others: ADMINS,
    check: can.canManageWaitlistEntry,
  },
  'see a waitlisted stay': {
    own: EVERYONE_LOGGED_IN,
    others: STAFF,
    check: can.canSeeWaitlistEntry,
  },
  'edit a review': { own: EVERYONE_LOGGED_IN, others: [], check: can.canEditReview },
  'delete a review': { own: EVERYONE_LOGGED_IN, others: ADMINS, check: can.canDeleteReview },
  'see a user': {
    own: EVERYONE_LOGGED_IN,
    others: STAFF,
    check: (a, t) => can.canSeeUser(a, t.client_id),
  },
  'end the sessions of a user': {
    own: EVERYONE_LOGGED_IN,
    others: [],
    check: (a, t) => can.canEndSessionsOf(a, t.client_id),
  },
}

// Actions on the hotel as a whole: who may.
const HOTEL_ACTIONS: Record<string, { allowed: Role[]; check: (a: Actor) => boolean }> = {
  'move a pet to another owner': { allowed: STAFF, check: can.canMovePet },
  'list every pet': { allowed: STAFF, check: can.canListAllPets },
  'list every booking': { allowed: ADMINS, check: can.canListAllBookings },
  'change a stay that has started': { allowed: ADMINS, check: can.canChangeStartedStay },
  'adjust a booking’s price': { allowed: ADMINS, check: can.canAdjustPrice },
  'see the day sheet': { allowed: STAFF, check: can.canSeeDaySheet },
  'check pets in and out': { allowed: STAFF, check: can.canRunFrontDesk },
  'post a stay update': { allowed: STAFF, check: can.canPostStayUpdate },
  'see a booking’s history': { allowed: STAFF, check: can.canSeeBookingHistory },
  'mark a vaccination verified': { allowed: STAFF, check: can.canVerifyVaccinations },
  'see the whole waitlist': { allowed: STAFF, check: can.canSeeWaitlist },
  'add a review': { allowed: ['client'], check: can.canAddReview },
  'manage services': { allowed: ADMINS, check: can.canManageServices },
  'manage settings': { allowed: ADMINS, check: can.canManageSettings },
  'choose the Pet of the Month': { allowed: ADMINS, check: can.canChoosePetOfTheMonth },
  'manage users': { allowed: ADMINS, check: can.canManageUsers },
  'create a client account': { allowed: ADMINS, check: can.canCreateClients },
  'list the staff': { allowed: STAFF, check: can.canListStaff },
  'read the development mailbox': { allowed: ['owner'], check: can.canReadDevelopmentMailbox },
  // One's own account only: staff accounts are deactivated by the Owner or a Manager.
  'delete one’s own account': { allowed: ['client'], check: can.canDeleteOwnAccount },
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
    const wrapped = [
      'canAddPetFor',
      'canSeeUser',
      'canEndSessionsOf',
      // the staff-management rules have a table of their own, below
      'canInviteStaff',
      'canManageAccount',
      'canChangePosition',
    ]
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

// Staff management: who runs whose account. Accounts other than the actor's
// own, by role (id 90+), and the actor's own account.
describe('permissions: staff management', () => {
  const account = {
    client: { id: 91, staff: false },
    employee: { id: 92, staff: true, position: 'Employee' as const },
    manager: { id: 93, staff: true, position: 'Manager' as const },
    owner: { id: 94, staff: true, position: 'Owner' as const },
  }
  type Target = keyof typeof account
  const TARGETS = Object.keys(account) as Target[]
  const self = (role: Role) => ({
    id: idOf(role),
    staff: !!actors[role]?.staff,
    position: actors[role]?.position,
  })

  it('invite: the Owner invites Employees and Managers, a Manager Employees only', () => {
    const allowed: Record<Role, string[]> = {
      visitor: [],
      client: [],
      employee: [],
      manager: ['Employee'],
      owner: ['Employee', 'Manager'],
    }
    for (const role of ROLES)
      for (const position of ['Employee', 'Manager', 'Owner'] as const)
        expect(can.canInviteStaff(actors[role], position), `${role} invites ${position}`).toBe(
          allowed[role].includes(position),
        )
  })

  it('deactivate, reactivate, end sessions: the Owner anyone else, a Manager clients and Employees', () => {
    const allowed: Record<Role, Target[]> = {
      visitor: [],
      client: [],
      employee: [],
      manager: ['client', 'employee'],
      owner: ['client', 'employee', 'manager', 'owner'],
    }
    for (const role of ROLES) {
      for (const target of TARGETS)
        expect(can.canManageAccount(actors[role], account[target]), `${role} → ${target}`).toBe(
          allowed[role].includes(target),
        )
      expect(can.canManageAccount(actors[role], self(role)), `${role} → themself`).toBe(false)
    }
  })

  it('change a position: the Owner only, between Employee and Manager, never the Owner', () => {
    for (const role of ROLES)
      for (const target of TARGETS)
        for (const position of ['Employee', 'Manager', 'Owner'] as const) {
          const expected =
            role === 'owner' &&
            (target === 'employee' || target === 'manager') &&
            position !== 'Owner'
          expect(
            can.canChangePosition(actors[role], account[target], position),
            `${role} makes ${target} ${position}`,
          ).toBe(expected)
        }
    expect(can.canChangePosition(actors.owner, self('owner'), 'Manager')).toBe(false)
  })
})
