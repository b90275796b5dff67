// People of the hotel. A client has no position; staff are Employees,
// Managers or the Owner. The Owner and Managers run the hotel (services,
// users, bookings, settings); every staff member sees every pet and the day sheet.

export const POSITIONS = ['Employee', 'Manager', 'Owner'] as const
export type Position = (typeof POSITIONS)[number]

/** A user as the app shows it (never a password or its hash). */
export type User = {
  id: number
  username: string
  email: string
  fname: string
  lname: string
  phone_num: string
  address: string
  city: string
  state: string
  zip: string
  staff: boolean
  position?: Position
}

/** Who is acting: the logged-in user, or null for a visitor. */
export type Actor = Pick<User, 'id' | 'staff' | 'position'> | null | undefined

/** A change to an account, as the staff's users page lists it under "Recent changes". */
export type AccountEvent = {
  action: string
  detail: string
  /** Hotel time, 'YYYY-MM-DD HH:MM'. */
  at: string
  actor: string | null
}
