import { forbidden } from './errors'
import type { Actor, Position } from './user'

// Every rule of who may do what, as pure functions of the acting user (null
// for a visitor) and the thing acted on. Models enforce them on every read
// and write; pages read them to show only the buttons that will work. Nothing
// else in the app decides a permission.
//
//   visitor   the landing page, services, reviews
//   client    their own pets and bookings; adds reviews, edits and deletes their own
//   staff     (Employee, Manager, Owner) every pet, the day sheet, the staff list
//   admin     (Manager, Owner) services, users, every booking, settings, any review's deletion

type Owned = { owner_id: number }
type ClientOf = { client_id: number | null }

export const isLoggedIn = (actor: Actor): actor is NonNullable<Actor> => !!actor
export const isStaff = (actor: Actor) => !!actor?.staff
/** The Owner and Managers run the hotel. */
export const isAdmin = (actor: Actor) =>
  actor?.position === 'Owner' || actor?.position === 'Manager'

// ---- pets ----
/** A pet's owner and every staff member see it, change it and delete it. */
export const canSeePet = (actor: Actor, pet: Owned) =>
  !!actor && (actor.staff || actor.id === pet.owner_id)
export const canEditPet = canSeePet
export const canDeletePet = canSeePet
/** Clients add pets for themselves; staff for anyone. */
export const canAddPetFor = (actor: Actor, ownerId: number) =>
  !!actor && (actor.staff || actor.id === ownerId)
/** Only staff move a pet to another owner. */
export const canMovePet = (actor: Actor) => isStaff(actor)
/** A pet's vaccination records: its owner and staff keep them; only staff mark one verified. */
export const canKeepVaccinations = canSeePet
export const canVerifyVaccinations = (actor: Actor) => isStaff(actor)
/** Staff see every pet in the hotel; a client sees their own. */
export const canListAllPets = (actor: Actor) => isStaff(actor)

// ---- bookings ----
/** The pet's owner books for it, and the Owner and Managers for anyone's pet. */
export const canBookFor = (actor: Actor, pet: Owned) =>
  !!actor && (isAdmin(actor) || actor.id === pet.owner_id)
/** A booking is read, changed and cancelled by its client and by the Owner and Managers. */
export const canManageBooking = (actor: Actor, booking: ClientOf) =>
  !!actor && (isAdmin(actor) || actor.id === booking.client_id)
export const canSeeBooking = canManageBooking
/**
 * Once its drop-off has come, a stay is fixed for its client; the Owner and
 * Managers may still extend or shorten it and change its services.
 */
export const canChangeStartedStay = (actor: Actor) => isAdmin(actor)
export const canListAllBookings = (actor: Actor) => isAdmin(actor)
/** A line on a booking's price, with a reason (a discount, a fee): the Owner and Managers. */
export const canAdjustPrice = (actor: Actor) => isAdmin(actor)
/** The day sheet (who arrives, leaves and stays on a date) is for staff. */
export const canSeeDaySheet = (actor: Actor) => isStaff(actor)
/** Checking pets in and out (and undoing a mis-tap): any staff member at the front desk. */
export const canRunFrontDesk = (actor: Actor) => isStaff(actor)
/** What happened to a booking (check-ins, changes, price lines, who did each): staff. */
export const canSeeBookingHistory = (actor: Actor) => isStaff(actor)
/** Stay updates (report cards) are posted by any staff member… */
export const canPostStayUpdate = (actor: Actor) => isStaff(actor)
/** …and read by staff and by the booking's client. */
export const canSeeStayUpdates = (actor: Actor, booking: ClientOf) =>
  !!actor && (isStaff(actor) || actor.id === booking.client_id)

// ---- the waitlist for full nights ----
/** A stay joins the waitlist for whoever may book it: its pet's owner, the Owner and Managers. */
export const canJoinWaitlistFor = canBookFor
/** A waitlisted stay is taken (booked) or left by its client and by the Owner and Managers… */
export const canManageWaitlistEntry = canManageBooking
/** …and seen by them and by every staff member… */
export const canSeeWaitlistEntry = (actor: Actor, entry: ClientOf) =>
  !!actor && (isStaff(actor) || actor.id === entry.client_id)
/** …who see the whole waitlist (per date, on the day sheet). */
export const canSeeWaitlist = (actor: Actor) => isStaff(actor)

// ---- reviews ----
/** Only clients review the hotel (staff may not praise themselves). */
export const canAddReview = (actor: Actor) => !!actor && !actor.staff
export const canEditReview = (actor: Actor, review: ClientOf) =>
  !!actor && actor.id === review.client_id
/** Its author, or the Owner or a Manager (moderation). */
export const canDeleteReview = (actor: Actor, review: ClientOf) =>
  !!actor && (actor.id === review.client_id || isAdmin(actor))

// ---- the hotel ----
export const canManageServices = (actor: Actor) => isAdmin(actor)
export const canManageSettings = (actor: Actor) => isAdmin(actor)
export const canChoosePetOfTheMonth = (actor: Actor) => isAdmin(actor)

// ---- people ----
/** The users page and the list of every user. */
export const canManageUsers = (actor: Actor) => isAdmin(actor)
/**
 * A client account for someone who phones or walks in: the Owner and
 * Managers, who can then book for them.
 */
export const canCreateClients = (actor: Actor) => isAdmin(actor)
/** Staff see the staff list (it carries contact details). */
export const canListStaff = (actor: Actor) => isStaff(actor)
/** A user's own account, and anyone's for staff. */
export const canSeeUser = (actor: Actor, userId: number) =>
  !!actor && (actor.staff || actor.id === userId)
/**
 * Clients delete their own accounts; staff accounts are deactivated by the
 * Owner or a Manager instead (the hotel keeps who worked when).
 */
export const canDeleteOwnAccount = (actor: Actor) => !!actor && !actor.staff
/**
 * Everyone may end their own sessions. Someone else's end through staff
 * management (canManageAccount), which keeps the Owner's out of a Manager's
 * reach and records who did it.
 */
export const canEndSessionsOf = (actor: Actor, userId: number) => !!actor && actor.id === userId

// ---- staff management (the /users page) ----
/** The account acted on: its id and role. */
type Account = { id: number; staff: boolean; position?: Position | null }

/** The Owner invites Employees and Managers; a Manager, Employees only. */
export const canInviteStaff = (actor: Actor, position: Position) =>
  (actor?.position === 'Owner' && (position === 'Employee' || position === 'Manager')) ||
  (actor?.position === 'Manager' && position === 'Employee')
/**
 * Someone else's account the actor runs (deactivate, reactivate, end its
 * sessions): the Owner any account, a Manager clients' and Employees'. Nobody
 * their own (a slip would lock them out). Keeping one active Owner is a rule
 * of the data, checked by the model.
 */
export const canManageAccount = (actor: Actor, account: Account) =>
  !!actor &&
  actor.id !== account.id &&
  (actor.position === 'Owner' ||
    (actor.position === 'Manager' && (!account.staff || account.position === 'Employee')))
/**
 * Moving a staff member between Employee and Manager makes or unmakes a
 * Manager, so it is the Owner's alone; nobody changes the Owner, and staff
 * never become clients (nor clients staff) this way.
 */
export const canChangePosition = (actor: Actor, account: Account, position: Position) =>
  actor?.position === 'Owner' &&
  actor.id !== account.id &&
  account.staff &&
  (account.position === 'Employee' || account.position === 'Manager') &&
  (position === 'Employee' || position === 'Manager')

// ---- mail ----
/**
 * The development mailbox (/admin/outbox) shows every message, reset links
 * included, so only the Owner reads it (and it exists only outside production
 * without SMTP_URL).
 */
export const canReadDevelopmentMailbox = (actor: Actor) => actor?.position === 'Owner'

/** Throws 403 'Unauthorized' unless the rule allows it: `assertCan(canManageServices(actor))`. */
export function assertCan(allowed: boolean, message = 'Unauthorized'): void {
  if (!allowed) throw forbidden(message)
}
