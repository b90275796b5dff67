// Staff management's constants, safe in the browser (the /users page reads them).

/** Positions an invitation or a change can give (the Owner is never made from /users). */
export const STAFF_POSITIONS = ['Employee', 'Manager'] as const
export type StaffPosition = (typeof STAFF_POSITIONS)[number]

/** The longest search /users takes (a name or an email). */
export const USER_SEARCH_MAX = 100
