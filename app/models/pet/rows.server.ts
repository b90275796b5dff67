import type { Knex } from 'knex'
import { forbidden, notFound } from '~/domain/errors'
import { PREPARED, toPgArray } from '~/infra/prepared-statements.server'
import {
  photoUrl,
  type Behavior,
  type Gender,
  type Pet,
  type PetPhoto,
  type PetSize,
  type PetType,
} from '~/domain/pet'
import type { ProcessedPhoto } from '~/infra/photo-processing.server'
import { PET_CONTACT_FIELDS, type PetFieldsInput } from '~/schemas/pet'

// Pets as rows: the one place a row (and its photos) becomes the Pet the API
// shows, and the checked lookup every read and write of a pet starts with.

export const PET_FAILURES = {
  notFound: 'Pet not found',
  add: 'Issue adding pet',
  update: 'Issue updating pet',
  delete: 'Issue deleting pet',
} as const

export const PET_COLUMNS = [
  'id',
  'name',
  'type',
  'breed',
  'age',
  'gender',
  'color',
  'weight',
  'dob',
  'size',
  'behavior',
  'medication_note',
  'dietary_note',
  'vet_name',
  'vet_phone',
  'emergency_contact_name',
  'emergency_contact_phone',
  'owner_id',
] as const

export type PetRow = {
  id: number
  name: string
  type: PetType
  breed: string
  age: string | number
  gender: Gender
  color: string
  weight: string | number
  dob: string
  size: PetSize
  behavior: Behavior
  medication_note: string | null
  dietary_note: string | null
  vet_name: string
  vet_phone: string
  emergency_contact_name: string
  emergency_contact_phone: string
  owner_id: number
}

export type ImageRow = {
  id: number
  pet_id: number
  is_preview: boolean
  storage_key: string
  thumb_key: string
  width: number
  height: number
}

export const toPhoto = (row: ImageRow): PetPhoto => ({
  id: row.id,
  url: photoUrl(row.storage_key),
  thumbnail: photoUrl(row.thumb_key),
  width: row.width,
  height: row.height,
})

/** The one place a row becomes the Pet the API shows. */
export function toPet(row: PetRow, images: ImageRow[]): Pet {
  const preview = images.find((i) => i.is_preview)
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    breed: row.breed,
    age: Number(row.age),
    gender: row.gender,
    color: row.color,
    weight: Number(row.weight),
    dob: String(row.dob).slice(0, 10),
    size: row.size,
    behavior: row.behavior,
    medication_note: row.medication_note ?? '',
    dietary_note: row.dietary_note ?? '',
    vet_name: row.vet_name,
    vet_phone: row.vet_phone,
    emergency_contact_name: row.emergency_contact_name,
    emergency_contact_phone: row.emergency_contact_phone,
    owner_id: row.owner_id,
    preview_image: preview ? photoUrl(preview.storage_key) : null,
    preview_thumbnail: preview ? photoUrl(preview.thumb_key) : null,
    pet_images: images
      .filter((i) => !i.is_preview)
      .map((i) => ({ id: i.id, url: photoUrl(i.storage_key), thumbnail: photoUrl(i.thumb_key) })),
  }
}

/**
 * A select expression: the photos of the row's pet (`pets.id`) as one JSON
 * array of ImageRows, by id. A list of pets and their photos then comes back
 * in one round trip instead of two; on a signed-in JSON call each round trip
 * costs the app's one thread as much as PostgreSQL's work on it.
 */
export const PET_IMAGES_JSON = `(
  select coalesce(json_agg(json_build_object(
           'id', i.id, 'pet_id', i.pet_id, 'is_preview', i.is_preview, 'storage_key', i.storage_key,
           'thumb_key', i.thumb_key, 'width', i.width, 'height', i.height) order by i.id), '[]'::json)
  from pet_images i where i.pet_id = pets.id) as images`

/** A row read with PET_IMAGES_JSON: the pet and its photos. */
export type PetRowWithImages = PetRow & { images: ImageRow[] }

export const toPetWithImages = (row: PetRowWithImages): Pet => toPet(row, row.images)

export async function imagesOf(
  db: Knex | Knex.Transaction,
  petIds: number[],
): Promise<Map<number, ImageRow[]>> {
  const byPet = new Map<number, ImageRow[]>()
  if (!petIds.length) return byPet
  const rows: ImageRow[] = await db('pet_images')
    .select('id', 'pet_id', 'is_preview', 'storage_key', 'thumb_key', 'width', 'height')
    .whereRaw('pet_id = ANY(?::int[])', [toPgArray(petIds)])
    .orderBy('id')
    .options(PREPARED)
  for (const row of rows) {
    const list = byPet.get(row.pet_id) ?? []
    list.push(row)
    byPet.set(row.pet_id, list)
  }
  return byPet
}

export async function withImages(db: Knex | Knex.Transaction, rows: PetRow[]): Promise<Pet[]> {
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => toPet(r, images.get(r.id) ?? []))
}

/** A pet's row, checked against a rule: 404 when missing, 403 when the rule says no. */
export async function requirePetRow(
  db: Knex | Knex.Transaction,
  id: number,
  allowed: (pet: { owner_id: number }) => boolean,
  { lock = false } = {},
): Promise<PetRow> {
  const q = db('pets')
    .select(...PET_COLUMNS)
    .where({ id })
  if (lock) q.forUpdate()
  const row: PetRow | undefined = await q.first().options(PREPARED)
  if (!row) throw notFound(PET_FAILURES.notFound)
  if (!allowed(row)) throw forbidden()
  return row
}

export function imageRow(petId: number, photo: ProcessedPhoto, isPreview: boolean) {
  return {
    pet_id: petId,
    is_preview: isPreview,
    storage_key: photo.main.key,
    thumb_key: photo.thumb.key,
    width: photo.main.width,
    height: photo.main.height,
  }
}

export function petColumns(fields: PetFieldsInput) {
  return {
    name: fields.name,
    type: fields.type,
    breed: fields.breed,
    age: fields.age,
    gender: fields.gender,
    color: fields.color,
    weight: fields.weight,
    dob: fields.dob,
    size: fields.size,
    behavior: fields.behavior,
    medication_note: fields.medication_note,
    dietary_note: fields.dietary_note,
    // Contacts left out of the request keep their values (undefined is not written).
    ...Object.fromEntries(
      PET_CONTACT_FIELDS.filter((f) => fields[f] !== undefined).map((f) => [f, fields[f]]),
    ),
  }
}
