import type { Knex } from 'knex'
import { centsToDollars } from '~/domain/booking-rules'
import { AppError, conflict, invalid, notFound } from '~/domain/errors'
import { assertCan, canManageServices } from '~/domain/permissions'
import type { Service, ServiceSpecies, ServiceStaff, ServiceWithCents } from '~/domain/service'
import type { Actor } from '~/domain/user'
import { now } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { cached } from '~/infra/read-cache.server'
import { changed } from './cache-versions.server'
import type { ServiceInput } from '~/schemas/service'
import { serviceMessages } from '~/schemas/service'

// Services a stay can include. Anyone reads the list; the Owner and Managers
// create, change and withdraw them. A withdrawn service stays as a row, so
// bookings keep their price lines exactly as booked.

export const SERVICE_MESSAGES = {
  notFound: 'Service not found',
  createFailed: 'Could not create new service',
  updateFailed: 'Could not update service',
} as const

type ServiceRow = {
  id: number
  service: string
  price_cents: number
  species: ServiceSpecies
  description: string
}
const SERVICE_COLUMNS = ['id', 'service', 'price_cents', 'species', 'description']
type StaffRow = ServiceStaff & { service_id: number }

const active = (q: Knex.QueryBuilder) => q.whereNull('services.deleted_at')

/** Who provides each service, by service id. */
export type StaffByService = Readonly<Record<number, readonly ServiceStaff[]>>

type StaffOfServices = {
  /** Everyone on each service: deactivated staff, withdrawn services included. */
  everyone: StaffByService
  /** Only the active staff: whom the offered services list. */
  active: StaffByService
}

const readStaffOfServices = async (conn: Knex | Knex.Transaction): Promise<StaffOfServices> => {
  const rows: (StaffRow & { active: boolean })[] = await conn('service_staff')
    .join('users', 'users.id', 'service_staff.user_id')
    .select('service_staff.service_id', 'users.id', 'users.fname', 'users.lname', 'users.active')
    .orderBy([{ column: 'service_staff.service_id' }, { column: 'users.id' }])
  const everyone: Record<number, ServiceStaff[]> = {}
  const active: Record<number, ServiceStaff[]> = {}
  for (const { service_id, id, fname, lname, active: isActive } of rows) {
    const member = { id, fname, lname }
    ;(everyone[service_id] ??= []).push(member)
    // A deactivated staff member leaves the lists (and comes back when reactivated).
    if (isActive) (active[service_id] ??= []).push(member)
  }
  return { everyone, active }
}

/**
 * What `read` finds, cached under the services topic as `key` — or read on
 * `conn` when it is a transaction: the embedded database has one connection,
 * which the transaction holds, and a write reads what it has just changed.
 * Only for rows that every write to them bumps the services topic for.
 */
function readOrCached<T>(
  conn: Knex | Knex.Transaction,
  key: string,
  read: (conn: Knex | Knex.Transaction) => Promise<T>,
): Promise<T> {
  if (conn.isTransaction) return read(conn)
  return cached('services', key, async () => read(await getDb()))
}

/**
 * Every row of service_staff with its member, both ways (`StaffOfServices`).
 * The rows are few (services × staff) and change with the services topic (a
 * staff member's name or active flag bumps it too), so they are cached with
 * it: reading them again with every list of bookings cost PostgreSQL a
 * subquery over the lines already read.
 */
const staffOfServices = (conn: Knex | Knex.Transaction) =>
  readOrCached(conn, 'staff', readStaffOfServices)

/**
 * The staff a booked service line names, for reading bookings. A booking
 * shows everyone on its services as they are now — a withdrawn service's
 * staff and a deactivated member too, since the stay was booked with them.
 */
export async function staffByService(conn: Knex | Knex.Transaction): Promise<StaffByService> {
  return (await staffOfServices(conn)).everyone
}

/** Services as the API and pages show them: each with its active staff. */
async function withStaff(
  conn: Knex | Knex.Transaction,
  rows: ServiceRow[],
): Promise<ServiceWithCents[]> {
  if (!rows.length) return []
  const { active: staff } = await staffOfServices(conn)
  return rows.map((row) => ({
    id: row.id,
    service: row.service,
    price: centsToDollars(row.price_cents),
    priceCents: row.price_cents,
    species: row.species,
    description: row.description,
    staff: (staff[row.id] ?? []).map(({ id, fname, lname }) => ({ id, fname, lname })),
  }))
}

/** Every service's name, by id. */
export type ServiceNames = ReadonlyMap<number, string>

const readServiceNames = async (conn: Knex | Knex.Transaction): Promise<ServiceNames> => {
  const rows: { id: number; service: string }[] = await conn('services').select('id', 'service')
  return new Map(rows.map((r) => [r.id, r.service]))
}

/**
 * The name of every service, withdrawn ones too, for the waitlist: a
 * waitlisted stay keeps the ids of the services it asked for, and shows
 * each by its name as it is now. Services are a few rows, renamed and
 * withdrawn only by a write that bumps the services topic, so the names are
 * cached with it (the day sheet and My bookings show waitlisted stays on
 * every request).
 */
export const serviceNames = (conn: Knex | Knex.Transaction): Promise<ServiceNames> =>
  readOrCached(conn, 'names', readServiceNames)

/** The API object: drops the cents that only the server uses. */
export function toApiService({ priceCents: _cents, ...service }: ServiceWithCents): Service {
  return service
}

/**
 * Every offered (not deleted) service, by name then id, with exact cents.
 * The booking form's checkboxes and the /services page use this.
 */
export function listServices(): Promise<ServiceWithCents[]> {
  return cached('services', 'offered', async () => {
    const db = await getDb()
    const rows: ServiceRow[] = await active(db('services').select(...SERVICE_COLUMNS)).orderByRaw(
      'lower(service), id',
    )
    return withStaff(db, rows)
  })
}

/** One offered service; 404 when it does not exist or was withdrawn. */
export async function getService({ id }: { id: number }): Promise<ServiceWithCents> {
  const conn = await getDb()
  const row: ServiceRow | undefined = await active(
    conn('services')
      .select(...SERVICE_COLUMNS)
      .where({ id }),
  ).first()
  if (!row) throw notFound(SERVICE_MESSAGES.notFound)
  const [service] = await withStaff(conn, [row])
  return service
}

async function assertStaffIds(trx: Knex.Transaction, ids: number[], message: string) {
  if (!ids.length) return
  const found: { id: number }[] = await trx('users')
    .select('id')
    .whereIn('id', ids)
    .where({ staff: true })
  const known = new Set(found.map((r) => r.id))
  const bad = ids.find((id) => !known.has(id))
  if (bad !== undefined) throw invalid(message, { staff: `User ${bad} is not a staff member` })
}

async function assertUniqueName(
  trx: Knex.Transaction,
  name: string,
  message: string,
  exceptId?: number,
) {
  const q = active(trx('services').select('id').whereRaw('lower(service) = lower(?)', [name]))
  if (exceptId !== undefined) q.whereNot({ id: exceptId })
  if (await q.first()) throw conflict(message, { service: serviceMessages.duplicate })
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505'

/** Creates a service with its staff in one transaction: the Owner and Managers. */
export async function createService({
  actor,
  input,
}: {
  actor: Actor
  input: ServiceInput
}): Promise<ServiceWithCents> {
  assertCan(canManageServices(actor))
  const message = SERVICE_MESSAGES.createFailed
  const db = await getDb()
  try {
    return await db.transaction(async (trx) => {
      await assertUniqueName(trx, input.service, message)
      await assertStaffIds(trx, input.staff, message)
      const [row] = await trx('services')
        .insert({
          service: input.service,
          price_cents: input.price,
          species: input.species ?? 'both',
          description: input.description ?? '',
        })
        .returning(SERVICE_COLUMNS)
      if (input.staff.length)
        await trx('service_staff').insert(
          input.staff.map((user_id) => ({ service_id: row.id, user_id })),
        )
      await changed(trx, ['services'])
      const [service] = await withStaff(trx, [row])
      return service
    })
  } catch (error) {
    // Two creates racing for one name: the partial unique index decides.
    if (isUniqueViolation(error)) throw conflict(message, { service: serviceMessages.duplicate })
    throw error
  }
}

/**
 * Replaces a service's name, price and staff, and its species and
 * description when given. Bookings already made keep
 * their own copies of name and price (booking_services), so they do not change.
 */
export async function updateService({
  actor,
  id,
  input,
}: {
  actor: Actor
  id: number
  input: ServiceInput
}): Promise<ServiceWithCents> {
  assertCan(canManageServices(actor))
  const message = SERVICE_MESSAGES.updateFailed
  const db = await getDb()
  try {
    return await db.transaction(async (trx) => {
      const existing = await active(trx('services').select('id').where({ id }).forUpdate()).first()
      if (!existing)
        throw new AppError('not_found', SERVICE_MESSAGES.notFound, {
          fieldErrors: { service: SERVICE_MESSAGES.notFound },
        })
      await assertUniqueName(trx, input.service, message, id)
      await assertStaffIds(trx, input.staff, message)
      const [row] = await trx('services')
        .where({ id })
        .update({
          service: input.service,
          price_cents: input.price,
          // Left out: kept as they were (clients from before species send neither).
          ...(input.species ? { species: input.species } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
        })
        .returning(SERVICE_COLUMNS)
      await trx('service_staff').where({ service_id: id }).delete()
      if (input.staff.length)
        await trx('service_staff').insert(
          input.staff.map((user_id) => ({ service_id: id, user_id })),
        )
      await changed(trx, ['services'])
      const [service] = await withStaff(trx, [row])
      return service
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message, { service: serviceMessages.duplicate })
    throw error
  }
}

/**
 * Withdraws a service: it leaves the list and cannot be booked again, but the
 * row stays so existing bookings and their price lines remain exactly as they were.
 */
export async function deleteService({ actor, id }: { actor: Actor; id: number }): Promise<void> {
  assertCan(canManageServices(actor))
  const db = await getDb()
  await db.transaction(async (trx) => {
    const count = await trx('services')
      .where({ id })
      .whereNull('deleted_at')
      .update({ deleted_at: now().toISOString() })
    if (!count) throw notFound(SERVICE_MESSAGES.notFound)
    await changed(trx, ['services'])
  })
}
