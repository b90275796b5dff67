import type { Knex } from 'knex'
import { conflict, forbidden, notFound } from '~/domain/errors'
import type { HotelSettings } from '~/domain/capacity'
import type { IsoDate } from '~/domain/hotel-time'
import type { PetType } from '~/domain/pet'
import { assertCan, canKeepVaccinations, canVerifyVaccinations } from '~/domain/permissions'
import type { Actor } from '~/domain/user'
import {
  gapsMessage,
  vaccinationGaps,
  type VaccinationGap,
  type VaccinationRecord,
} from '~/domain/vaccination'
import { compiledOnce, getDb, rowsOf } from '~/infra/db.server'
import { PREPARED, toPgArray } from '~/infra/prepared-statements.server'
import { storePrivatePhoto, type ProcessedPrivatePhoto } from '~/infra/photo-processing.server'
import {
  deletePhotosQuietly,
  getPhotoStorage,
  type StoredPhoto,
} from '~/infra/photo-storage.server'
import type { VaccinationInput } from '~/schemas/vaccination'
import { getHotelSettings, requiredVaccinesFor } from '../hotel-settings.server'

// A pet's vaccination records: its owner and staff read and keep them; only
// staff mark one verified, and a record its owner changes is unverified
// again. The gaps of a stay (required vaccines missing or expiring before
// pick-up) are read here for the front desk, the booking rules and the
// booking's JSON.

type Conn = Knex | Knex.Transaction

export const VACCINATION_FAILURES = {
  notFound: 'Vaccination not found',
  petNotFound: 'Pet not found',
  verifyStaffOnly: 'Only staff can mark a vaccination verified',
  notSaved: 'Vaccination was not saved',
  noCertificate: 'No certificate on record',
} as const

const COLUMNS = (db: Conn) => [
  'id',
  'pet_id',
  'vaccine',
  db.raw(`to_char(given_on, 'YYYY-MM-DD') as given_on`),
  db.raw(`to_char(expires_on, 'YYYY-MM-DD') as expires_on`),
  'verified',
  'certificate_key',
]

type RecordRow = Omit<VaccinationRecord, 'certificate_url'> & { certificate_key: string | null }

/** Where the owner and staff see a record's certificate: behind their login, never /photos. */
export const certificateUrl = (petId: number, id: number) =>
  `/api/pets/${petId}/vaccinations/${id}/certificate`

const toRecord = (row: RecordRow): VaccinationRecord => ({
  id: row.id,
  pet_id: row.pet_id,
  vaccine: row.vaccine,
  given_on: row.given_on,
  expires_on: row.expires_on,
  verified: row.verified,
  certificate_url: row.certificate_key ? certificateUrl(row.pet_id, row.id) : null,
})

/**
 * Runs a write that may keep a new certificate: the photo is stored first and
 * removed again if the write fails; a certificate the write replaced or
 * dropped is removed once it has committed.
 */
async function withCertificate<T>(
  certificate: ProcessedPrivatePhoto | undefined,
  write: () => Promise<{ result: T; dropped: string | null }>,
): Promise<T> {
  if (certificate) await storePrivatePhoto(certificate)
  let outcome: { result: T; dropped: string | null }
  try {
    outcome = await write()
  } catch (error) {
    if (certificate) await deletePhotosQuietly([certificate.key])
    throw error
  }
  if (outcome.dropped) await deletePhotosQuietly([outcome.dropped])
  return outcome.result
}

/**
 * The pet, for someone who may keep its records. In a transaction the pet
 * row is locked, as the front desk locks it to check the pet in: a record
 * changed at the moment of a check-in waits for it, or the check-in sees the change.
 */
async function requirePet(db: Conn, petId: number, actor: Actor) {
  const q = db('pets').select('id', 'owner_id', 'type').where({ id: petId })
  if (db.isTransaction) q.forUpdate()
  const pet = (await q.first().options(PREPARED)) as
    { id: number; owner_id: number; type: PetType } | undefined
  if (!pet) throw notFound(VACCINATION_FAILURES.petNotFound)
  assertCan(canKeepVaccinations(actor, pet))
  return pet
}

/**
 * The records of the pets (`petIds`: their ids as an array, `toPgArray`), by
 * pet, newest expiry first: a query to run (alone or with others).
 */
export const vaccinationsQuery = (db: Conn, petIds: string) =>
  db('vaccinations')
    .select(...COLUMNS(db))
    .whereRaw('pet_id = ANY(?::int[])', [petIds])
    .orderBy([
      { column: 'pet_id' },
      { column: 'expires_on', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .options(PREPARED)

// Compiled once: the day sheet asks for its pets' records on every request.
const VACCINATIONS_OF_PETS = compiledOnce(vaccinationsQuery)

/** The rows of vaccinationsQuery as each pet's records. */
export function recordsByPet(rows: RecordRow[]): Map<number, VaccinationRecord[]> {
  const out = new Map<number, VaccinationRecord[]>()
  for (const row of rows) {
    const record = toRecord(row)
    const list = out.get(record.pet_id)
    if (list) list.push(record)
    else out.set(record.pet_id, [record])
  }
  return out
}

/** Every record of the pets, newest expiry first, by pet (one query). */
export async function vaccinationsOfPets(
  db: Conn,
  petIds: number[],
): Promise<Map<number, VaccinationRecord[]>> {
  if (!petIds.length) return new Map()
  return recordsByPet(await rowsOf<RecordRow>(VACCINATIONS_OF_PETS(db, toPgArray(petIds))))
}

/** GET /api/pets/{id}/vaccinations and the pet page. */
export async function listVaccinations({
  petId,
  actor,
}: {
  petId: number
  actor: Actor
}): Promise<VaccinationRecord[]> {
  const db = await getDb()
  await requirePet(db, petId, actor)
  return (await vaccinationsOfPets(db, [petId])).get(petId) ?? []
}

/** Whether `verified` may be as asked: staff any way; the owner never sets it. */
function verifiedFor(
  actor: Actor,
  asked: boolean | undefined,
): { verified: boolean; verified_by: number | null } {
  if (asked && !canVerifyVaccinations(actor)) throw forbidden(VACCINATION_FAILURES.verifyStaffOnly)
  const verified = canVerifyVaccinations(actor) ? !!asked : false
  return { verified, verified_by: verified ? actor!.id : null }
}

/** One record of a pet, for someone who may keep the pet's records. */
type RecordRef = { petId: number; id: number; actor: Actor }

/** A record written by its owner or staff, with a new certificate photo or none. */
type RecordWrite = {
  petId: number
  actor: Actor
  input: VaccinationInput
  certificate?: ProcessedPrivatePhoto
}

export async function addVaccination({
  petId,
  actor,
  input,
  certificate,
}: RecordWrite): Promise<VaccinationRecord> {
  const db = await getDb()
  return withCertificate(certificate, () =>
    db.transaction(async (trx) => {
      await requirePet(trx, petId, actor)
      const [row] = await trx('vaccinations')
        .insert({
          pet_id: petId,
          vaccine: input.vaccine,
          given_on: input.given_on,
          expires_on: input.expires_on,
          certificate_key: certificate?.key ?? null,
          ...verifiedFor(actor, input.verified),
        })
        .returning(COLUMNS(trx) as string[])
      return { result: toRecord(row), dropped: null }
    }),
  )
}

/**
 * Replaces a record's fields (and its certificate, when a new photo comes;
 * without one the old is kept). Staff say whether it is verified (kept as it
 * was when they don't say); a change by its owner makes it unverified again.
 */
export async function updateVaccination({
  petId,
  id,
  actor,
  input,
  certificate,
}: RecordWrite & { id: number }): Promise<VaccinationRecord> {
  const db = await getDb()
  return withCertificate(certificate, () =>
    db.transaction(async (trx) => {
      await requirePet(trx, petId, actor)
      const existing = (await trx('vaccinations')
        .select('verified', 'verified_by', 'certificate_key')
        .where({ id, pet_id: petId })
        .forUpdate()
        .first()) as
        | { verified: boolean; verified_by: number | null; certificate_key: string | null }
        | undefined
      if (!existing) throw notFound(VACCINATION_FAILURES.notFound)
      const verification =
        input.verified === undefined && canVerifyVaccinations(actor)
          ? { verified: existing.verified, verified_by: existing.verified_by }
          : verifiedFor(actor, input.verified)
      const [row] = await trx('vaccinations')
        .where({ id, pet_id: petId })
        .update({
          vaccine: input.vaccine,
          given_on: input.given_on,
          expires_on: input.expires_on,
          ...(certificate ? { certificate_key: certificate.key } : {}),
          ...verification,
        })
        .returning(COLUMNS(trx) as string[])
      return {
        result: toRecord(row),
        dropped: certificate ? existing.certificate_key : null,
      }
    }),
  )
}

/** Staff mark a record verified (the day sheet's and the pet page's button). */
export async function verifyVaccination({
  petId,
  id,
  actor,
}: RecordRef): Promise<VaccinationRecord> {
  if (!canVerifyVaccinations(actor)) throw forbidden(VACCINATION_FAILURES.verifyStaffOnly)
  const db = await getDb()
  return db.transaction(async (trx) => {
    await requirePet(trx, petId, actor)
    const [row] = await trx('vaccinations')
      .where({ id, pet_id: petId })
      .update({ verified: true, verified_by: actor!.id })
      .returning(COLUMNS(trx) as string[])
    if (!row) throw notFound(VACCINATION_FAILURES.notFound)
    return toRecord(row)
  })
}

export async function deleteVaccination({ petId, id, actor }: RecordRef): Promise<void> {
  const db = await getDb()
  await withCertificate(undefined, () =>
    db.transaction(async (trx) => {
      await requirePet(trx, petId, actor)
      const [deleted] = (await trx('vaccinations')
        .where({ id, pet_id: petId })
        .delete()
        .returning('certificate_key')) as { certificate_key: string | null }[]
      if (!deleted) throw notFound(VACCINATION_FAILURES.notFound)
      return { result: undefined, dropped: deleted.certificate_key }
    }),
  )
}

/** A record's certificate photo, for the pet's owner and staff; 404 when it has none. */
export async function getCertificate({ petId, id, actor }: RecordRef): Promise<StoredPhoto> {
  const db = await getDb()
  await requirePet(db, petId, actor)
  const row = (await db('vaccinations')
    .select('certificate_key')
    .where({ id, pet_id: petId })
    .first()) as { certificate_key: string | null } | undefined
  const photo = row?.certificate_key ? await getPhotoStorage().get(row.certificate_key) : null
  if (!photo) throw notFound(VACCINATION_FAILURES.noCertificate)
  return photo
}

/** The certificate photos of pets about to be deleted (their rows go by cascade; the files do not). */
export async function certificateKeysOfPets(db: Conn, petIds: number[]): Promise<string[]> {
  if (!petIds.length) return []
  const rows = (await db('vaccinations')
    .select('certificate_key')
    .whereIn('pet_id', petIds)
    .whereNotNull('certificate_key')) as { certificate_key: string }[]
  return rows.map((r) => r.certificate_key)
}

/** The gaps of a stay of the pet through `pickUpDate`, against the settings in force. */
export async function stayVaccinationGaps(
  trx: Knex.Transaction,
  {
    petId,
    petType,
    pickUpDate,
    settings: known,
  }: { petId: number; petType: PetType; pickUpDate: IsoDate; settings?: HotelSettings },
): Promise<VaccinationGap[]> {
  const settings = known ?? (await getHotelSettings({ trx }))
  const records = (await vaccinationsOfPets(trx, [petId])).get(petId) ?? []
  return vaccinationGaps(records, requiredVaccinesFor(settings, petType), pickUpDate)
}

type Stay = { pet_id: number; pet_type: PetType; pick_up_date: string; status: string }

/**
 * The stays whose vaccinations are judged for the booking's
 * `vaccinations_missing`: only a stay still expected. One under way passed at
 * check-in, one over or called off needs nothing.
 */
const isJudged = (stay: Stay) => stay.status === 'booked'
export const staysToJudge = (stays: Stay[]) => stays.filter(isJudged)

/** The hotel's settings as `db` sees them (inside a transaction, as of it). */
export const settingsSeenBy = (db: Conn) =>
  db.isTransaction ? getHotelSettings({ trx: db as Knex.Transaction }) : getHotelSettings()

/**
 * For each stay, the names of the required vaccines it lacks through its
 * pick-up date, from the records of the pets of staysToJudge (recordsByPet).
 */
export function missingVaccinesOfStays(
  stays: Stay[],
  records: Map<number, VaccinationRecord[]>,
  settings: HotelSettings,
): string[][] {
  return stays.map((s) =>
    isJudged(s)
      ? vaccinationGaps(
          records.get(s.pet_id) ?? [],
          requiredVaccinesFor(settings, s.pet_type),
          s.pick_up_date.slice(0, 10),
        ).map((gap) => gap.vaccine)
      : [],
  )
}

/** Refuses (409) a stay with gaps, naming each vaccine and its date. */
export function assertNoGaps(gaps: VaccinationGap[]) {
  if (gaps.length) throw conflict(gapsMessage(gaps))
}
