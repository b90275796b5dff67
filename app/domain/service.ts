/** A service a stay can include: its price in dollars (a JSON number) and the staff who provide it. */
export type ServiceStaff = { id: number; fname: string; lname: string }
export type Service = { id: number; service: string; price: number; staff: ServiceStaff[] }
/** A service with its exact price in cents, for pricing and the booking form. */
export type ServiceWithCents = Service & { priceCents: number }
