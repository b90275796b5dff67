import type { Knex } from 'knex'
import { centsToDollars } from '~/domain/booking-rules'
import { getDb } from '~/infra/db.server'
import type { ServiceInput } from '~/schemas/service'
import { serviceMessages } from '~/schemas/service'

/** The Service of spec §3: price in dollars (a JSON number), staff as {id, fname, lname}. */
export type ServiceStaff = { id: number; fname: string; lname: string }
export type Service = { id: number; service: string; price: number; staff: ServiceStaff[] }
/** The API shape plus exact cents, for pricing and the booking form. */
export type ServiceWithCents = Service & { priceCents: number }

/** A rule the caller broke; the route maps `status` and `errors` to its JSON error. */
export class ServiceError extends Error {
  constructor(
    public status: 400 | 404 | 409,
    public errors: Record<string, string>,
  ) {
    super(Object.values(errors)[0] ?? 'Service error')
  }
}

type ServiceRow = { id: number; service: string; price_cents: number }
type StaffRow = ServiceStaff & { service_id: number }

const active = (q: Knex.QueryBuilder) => q.whereNull('services.deleted_at')

async function withStaff(
  db: Knex | Knex.Transaction,
  rows: ServiceRow[],
): Promise<ServiceWithCents[]> {
  if (!rows.length) return []
  const staff: StaffRow[] = await db('service_staff')
    .join('users', 'users.id', 'service_staff.user_id')
    .whereIn(
      'service_staff.service_id',
      rows.map((r) => r.id),
    )
    .select('service_staff.service_id', 'users.id', 'users.fname', 'users.lname')
    .orderBy('users.id')
  return rows.map((row) => ({
    id: row.id,
    service: row.service,
    price: centsToDollars(row.price_cents),
    priceCents: row.price_cents,
    staff: staff
      .filter((s) => s.service_id === row.id)
      .map(({ id, fname, lname }) => ({ id, fname, lname })),
  }))
}

/** The API object: drops the cents that only the server uses. */
export function toApiService({ priceCents: _cents, ...service }: ServiceWithCents): Service {
  return service
}

/**
 * Every offered (not deleted) service, by name then id, with exact cents.
 * The booking form's checkboxes and the /services page use this.
 */
export async function listServices({ db }: { db?: Knex | Knex.Transaction } = {}): Promise<
  ServiceWithCents[]
> {
  const conn = db ?? (await getDb())
  const rows: ServiceRow[] = await active(
    conn('services').select('id', 'service', 'price_cents'),
  ).orderByRaw('lower(service), id')
  return withStaff(conn, rows)
}

/** One offered service, or null when it does not exist or was deleted. */
export async function getService({
  id,
  db,
}: {
  id: number
  db?: Knex | Knex.Transaction
}): Promise<ServiceWithCents | null> {
  const conn = db ?? (await getDb())
  const row: ServiceRow | undefined = await active(
    conn('services').select('id', 'service', 'price_cents').where({ id }),
  ).first()
  if (!row) return null
  const [service] = await withStaff(conn, [row])
  return service
}

/** Offered services among `ids` (unknown or deleted ids are simply absent). */
export async function getServicesByIds({
  ids,
  db,
}: {
  ids: number[]
  db?: Knex | Knex.Transaction
}): Promise<ServiceWithCents[]> {
  if (!ids.length) return []
  const conn = db ?? (await getDb())
  const rows: ServiceRow[] = await active(
    conn('services').select('id', 'service', 'price_cents').whereIn('id', ids),
  ).orderBy('id')
  return withStaff(conn, rows)
}

async function assertStaffIds(trx: Knex.Transaction, ids: number[]) {
  if (!ids.length) return
  const found: { id: number }[] = await trx('users')
    .select('id')
    .whereIn('id', ids)
    .where({ staff: true })
  const known = new Set(found.map((r) => r.id))
  const bad = ids.find((id) => !known.has(id))
  if (bad !== undefined) throw new ServiceError(400, { staff: `User ${bad} is not a staff member` })
}

async function assertUniqueName(trx: Knex.Transaction, name: string, exceptId?: number) {
  const q = active(trx('services').select('id').whereRaw('lower(service) = lower(?)', [name]))
  if (exceptId !== undefined) q.whereNot({ id: exceptId })
  if (await q.first()) throw new ServiceError(409, { service: serviceMessages.duplicate })
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505'

/** Creates a service with its staff in one transaction. */
export async function createService({ input }: { input: ServiceInput }): Promise<ServiceWithCents> {
  const db = await getDb()
  try {
    return await db.transaction(async (trx) => {
      await assertUniqueName(trx, input.service)
      await assertStaffIds(trx, input.staff)
      const [row] = await trx('services')
        .insert({ service: input.service, price_cents: input.price })
        .returning(['id', 'service', 'price_cents'])
      if (input.staff.length)
        await trx('service_staff').insert(
          input.staff.map((user_id) => ({ service_id: row.id, user_id })),
        )
      const [service] = await withStaff(trx, [row])
      return service
    })
  } catch (error) {
    // Two creates racing for one name: the partial unique index decides.
    if (isUniqueViolation(error))
      throw new ServiceError(409, { service: serviceMessages.duplicate })
    throw error
  }
}

/**
 * Replaces a service's name, price and staff. Bookings already made keep
 * their own copies of name and price (booking_services), so they do not change.
 */
export async function updateService({
  id,
  input,
}: {
  id: number
  input: ServiceInput
}): Promise<ServiceWithCents> {
  const db = await getDb()
  try {
    return await db.transaction(async (trx) => {
      const existing = await active(trx('services').select('id').where({ id }).forUpdate()).first()
      if (!existing) throw new ServiceError(404, { service: 'Service not found' })
      await assertUniqueName(trx, input.service, id)
      await assertStaffIds(trx, input.staff)
      const [row] = await trx('services')
        .where({ id })
        .update({ service: input.service, price_cents: input.price })
        .returning(['id', 'service', 'price_cents'])
      await trx('service_staff').where({ service_id: id }).delete()
      if (input.staff.length)
        await trx('service_staff').insert(
          input.staff.map((user_id) => ({ service_id: id, user_id })),
        )
      const [service] = await withStaff(trx, [row])
      return service
    })
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ServiceError(409, { service: serviceMessages.duplicate })
    throw error
  }
}

/**
 * Withdraws a service: it leaves the list and cannot be booked again, but the
 * row stays so existing bookings and their price lines remain exactly as they were.
 */
export async function deleteService({ id, at }: { id: number; at: Date }): Promise<void> {
  const db = await getDb()
  const count = await db('services')
    .where({ id })
    .whereNull('deleted_at')
    .update({ deleted_at: at.toISOString() })
  if (!count) throw new ServiceError(404, { service: 'Service not found' })
}
