import type { Knex } from 'knex'
import { conflict, forbidden, invalid, notFound } from '~/domain/errors'
import {
  MAX_ADDITIONAL_IMAGES,
  photoUrl,
  type Behavior,
  type Gender,
  type Pet,
  type PetCard,
  type PetDetails,
  type PetOwner,
  type PetPhoto,
  type PetSize,
  type PetType,
} from '~/domain/pet'
import {
  assertCan,
  canAddPetFor,
  canDeletePet,
  canEditPet,
  canListAllPets,
  canMovePet,
  canSeePet,
} from '~/domain/permissions'
import type { Actor } from '~/domain/user'
import { hotelClock } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { deletePhotosQuietly } from '~/infra/photo-storage.server'
import { keysOf, storePhotos, type ProcessedPhoto } from '~/infra/photo-processing.server'
import { PET_MESSAGES, type PetFieldsInput } from '~/schemas/pet'

// Pets and their photos. Every read and write is scoped by who asks (the
// actor): the owner or staff see and change a pet, nobody else. Photo files
// are written before the rows that point at them and deleted only after the
// rows are gone (after commit), so a row never points at a missing file.

export const PET_FAILURES = {
  notFound: 'Pet not found',
  add: 'Issue adding pet',
  update: 'Issue updating pet',
  delete: 'Issue deleting pet',
} as const

export const STAYING_MESSAGE =
  'This pet is staying at the hotel right now and cannot be deleted until it is picked up'

const PET_COLUMNS = [
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
  'owner_id',
] as const

type PetRow = {
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
  owner_id: number
}

type ImageRow = {
  id: number
  pet_id: number
  is_preview: boolean
  storage_key: string
  thumb_key: string
  width: number
  height: number
}

const toPhoto = (row: ImageRow): PetPhoto => ({
  id: row.id,
  url: photoUrl(row.storage_key),
  thumbnail: photoUrl(row.thumb_key),
  width: row.width,
  height: row.height,
})

/** The one place a row becomes the §3 Pet. */
function toPet(row: PetRow, images: ImageRow[]): Pet {
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
    owner_id: row.owner_id,
    preview_image: preview ? photoUrl(preview.storage_key) : null,
    preview_thumbnail: preview ? photoUrl(preview.thumb_key) : null,
    pet_images: images
      .filter((i) => !i.is_preview)
      .map((i) => ({ id: i.id, url: photoUrl(i.storage_key), thumbnail: photoUrl(i.thumb_key) })),
  }
}

async function imagesOf(
  db: Knex | Knex.Transaction,
  petIds: number[],
): Promise<Map<number, ImageRow[]>> {
  const byPet = new Map<number, ImageRow[]>()
  if (!petIds.length) return byPet
  const rows: ImageRow[] = await db('pet_images')
    .select('id', 'pet_id', 'is_preview', 'storage_key', 'thumb_key', 'width', 'height')
    .whereIn('pet_id', petIds)
    .orderBy('id')
  for (const row of rows) {
    const list = byPet.get(row.pet_id) ?? []
    list.push(row)
    byPet.set(row.pet_id, list)
  }
  return byPet
}

async function withImages(db: Knex | Knex.Transaction, rows: PetRow[]): Promise<Pet[]> {
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => toPet(r, images.get(r.id) ?? []))
}

/** GET /api/pets: staff see every pet, a client their own; by id. */
export async function listPets({ actor }: { actor: Actor }): Promise<Pet[]> {
  assertCan(!!actor)
  const db = await getDb()
  const q = db('pets')
    .select(...PET_COLUMNS)
    .orderBy('id')
  if (!canListAllPets(actor)) q.where({ owner_id: actor!.id })
  return withImages(db, await q)
}

/** GET /api/pets/user: the actor's own pets, by id. */
export async function listOwnPets({ actor }: { actor: Actor }): Promise<Pet[]> {
  assertCan(!!actor)
  const db = await getDb()
  return withImages(
    db,
    await db('pets')
      .select(...PET_COLUMNS)
      .where({ owner_id: actor!.id })
      .orderBy('id'),
  )
}

/** The cards of /pets: what the actor may see, with each pet's owner (staff see everyone's). */
export async function listPetCards({ actor }: { actor: Actor }): Promise<PetCard[]> {
  assertCan(!!actor)
  const db = await getDb()
  const q = db('pets as p')
    .join('users as u', 'u.id', 'p.owner_id')
    .leftJoin('pet_images as i', function () {
      this.on('i.pet_id', '=', 'p.id').andOn('i.is_preview', '=', db.raw('true'))
    })
    .select(
      'p.id',
      'p.name',
      'p.type',
      'i.thumb_key',
      'u.id as owner_id',
      'u.username as owner_username',
      'u.fname as owner_fname',
      'u.lname as owner_lname',
    )
    .orderBy('p.id')
  if (!canListAllPets(actor)) q.where('p.owner_id', actor!.id)
  const rows = await q
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    preview_thumbnail: r.thumb_key ? photoUrl(r.thumb_key) : null,
    owner: {
      id: r.owner_id,
      username: r.owner_username,
      fname: r.owner_fname,
      lname: r.owner_lname,
    },
  }))
}

/** A pet's row, checked against a rule: 404 when missing, 403 when the rule says no. */
async function requirePetRow(
  db: Knex | Knex.Transaction,
  id: number,
  allowed: (pet: { owner_id: number }) => boolean,
  { lock = false } = {},
): Promise<PetRow> {
  const q = db('pets')
    .select(...PET_COLUMNS)
    .where({ id })
  if (lock) q.forUpdate()
  const row: PetRow | undefined = await q.first()
  if (!row) throw notFound(PET_FAILURES.notFound)
  if (!allowed(row)) throw forbidden()
  return row
}

/** One pet, for its owner or staff (404 / 403 otherwise). */
export async function getPet({ id, actor }: { id: number; actor: Actor }): Promise<Pet> {
  const db = await getDb()
  const row = await requirePetRow(db, id, (pet) => canSeePet(actor, pet))
  const [pet] = await withImages(db, [row])
  return pet
}

/** The pet page: the pet, its owner and its photos with their sizes. Same access rule as getPet. */
export async function getPetDetails({
  id,
  actor,
}: {
  id: number
  actor: Actor
}): Promise<PetDetails> {
  const db = await getDb()
  const row = await requirePetRow(db, id, (pet) => canSeePet(actor, pet))
  const images = (await imagesOf(db, [id])).get(id) ?? []
  const owner: PetOwner = await db('users')
    .select('id', 'username', 'fname', 'lname')
    .where({ id: row.owner_id })
    .first()
  const preview = images.find((i) => i.is_preview)
  return {
    pet: toPet(row, images),
    owner,
    preview: preview ? toPhoto(preview) : null,
    photos: images.filter((i) => !i.is_preview).map(toPhoto),
  }
}

function imageRow(petId: number, photo: ProcessedPhoto, isPreview: boolean) {
  return {
    pet_id: petId,
    is_preview: isPreview,
    storage_key: photo.main.key,
    thumb_key: photo.thumb.key,
    width: photo.main.width,
    height: photo.main.height,
  }
}

function petColumns(fields: PetFieldsInput) {
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
  }
}

async function assertOwnerExists(trx: Knex.Transaction, ownerId: number, message: string) {
  const owner = await trx('users').select('id').where({ id: ownerId }).first()
  if (!owner) throw invalid(message, { owner_id: 'Owner not found' })
}

/**
 * Adds a pet for `ownerId` (a client for themselves, staff for anyone):
 * stores the photos, then writes the pet and its image rows in one
 * transaction. If the transaction fails, the stored files are removed again.
 */
export async function createPet({
  actor,
  ownerId,
  fields,
  preview,
  additional = [],
}: {
  actor: Actor
  ownerId: number
  fields: PetFieldsInput
  preview: ProcessedPhoto
  additional?: ProcessedPhoto[]
}): Promise<Pet> {
  assertCan(canAddPetFor(actor, ownerId))
  if (additional.length > MAX_ADDITIONAL_IMAGES)
    throw invalid(PET_FAILURES.add, { additional_images: PET_MESSAGES.tooManyAdditional })
  const db = await getDb()
  const photos = [preview, ...additional]
  await storePhotos(photos)
  try {
    return await db.transaction(async (trx) => {
      await assertOwnerExists(trx, ownerId, PET_FAILURES.add)
      const [row] = await trx('pets')
        .insert({ owner_id: ownerId, ...petColumns(fields) })
        .returning([...PET_COLUMNS])
      await trx('pet_images').insert([
        imageRow(row.id, preview, true),
        ...additional.map((photo) => imageRow(row.id, photo, false)),
      ])
      const [pet] = await withImages(trx, [row])
      return pet
    })
  } catch (error) {
    await deletePhotosQuietly(keysOf(photos))
    throw error
  }
}

/**
 * Updates a pet's fields; a new preview replaces the old one; new additional
 * photos are added (at most MAX_ADDITIONAL_IMAGES in all).
 *
 * Staff may move a pet to another owner (`ownerId`). Its stays that are not
 * over yet (current and future) move with it, in the same transaction, so the
 * new owner manages them and the previous one no longer can; stays already
 * over remain in the previous owner's history (docs/decisions/010).
 */
export async function updatePet({
  id,
  actor,
  fields,
  ownerId,
  preview,
  additional = [],
}: {
  id: number
  actor: Actor
  fields: PetFieldsInput
  ownerId?: number
  preview?: ProcessedPhoto
  additional?: ProcessedPhoto[]
}): Promise<Pet> {
  const db = await getDb()
  const photos = [...(preview ? [preview] : []), ...additional]
  await storePhotos(photos)
  let replacedKeys: string[] = []
  let pet: Pet
  try {
    pet = await db.transaction(async (trx) => {
      // The row lock serialises concurrent edits of one pet, so two uploads
      // cannot both pass the photo count.
      const row = await requirePetRow(trx, id, (p) => canEditPet(actor, p), { lock: true })
      const moving = ownerId !== undefined && ownerId !== row.owner_id
      if (moving) {
        if (!canMovePet(actor))
          throw forbidden('Unauthorized', {
            owner_id: 'Only staff can move a pet to another owner',
          })
        await assertOwnerExists(trx, ownerId, PET_FAILURES.update)
      }
      const images: ImageRow[] = await trx('pet_images')
        .select('id', 'pet_id', 'is_preview', 'storage_key', 'thumb_key', 'width', 'height')
        .where({ pet_id: id })
      const existingAdditional = images.filter((i) => !i.is_preview).length
      if (existingAdditional + additional.length > MAX_ADDITIONAL_IMAGES)
        throw invalid(PET_FAILURES.update, { additional_images: PET_MESSAGES.tooManyAdditional })

      const [updated] = await trx('pets')
        .where({ id })
        .update({ ...petColumns(fields), owner_id: moving ? ownerId : row.owner_id })
        .returning([...PET_COLUMNS])
      if (moving)
        await trx('bookings')
          .where({ pet_id: id })
          .where('pick_up_at', '>', hotelClock().now)
          .update({ client_id: ownerId })
      if (preview) {
        const old = images.filter((i) => i.is_preview)
        if (old.length)
          await trx('pet_images')
            .whereIn(
              'id',
              old.map((i) => i.id),
            )
            .delete()
        replacedKeys = old.flatMap((i) => [i.storage_key, i.thumb_key])
        await trx('pet_images').insert(imageRow(id, preview, true))
      }
      if (additional.length)
        await trx('pet_images').insert(additional.map((photo) => imageRow(id, photo, false)))
      const [result] = await withImages(trx, [updated])
      return result
    })
  } catch (error) {
    await deletePhotosQuietly(keysOf(photos))
    throw error
  }
  await deletePhotosQuietly(replacedKeys)
  return pet
}

/**
 * Deletes a pet, its photos and (by cascade) its bookings. Refused (409)
 * while the pet is at the hotel: dropped off and not yet picked up.
 */
export async function deletePet({ id, actor }: { id: number; actor: Actor }): Promise<void> {
  const db = await getDb()
  const { now: nowWall } = hotelClock()
  const keys = await db.transaction(async (trx) => {
    await requirePetRow(trx, id, (p) => canDeletePet(actor, p), { lock: true })
    const staying = await trx('bookings')
      .select('id')
      .where({ pet_id: id })
      .andWhere('drop_off_at', '<=', nowWall)
      .andWhere('pick_up_at', '>', nowWall)
      .first()
    if (staying) throw conflict(PET_FAILURES.delete, { form: STAYING_MESSAGE })
    const images: Pick<ImageRow, 'storage_key' | 'thumb_key'>[] = await trx('pet_images')
      .select('storage_key', 'thumb_key')
      .where({ pet_id: id })
    await trx('pets').where({ id }).delete()
    return images.flatMap((i) => [i.storage_key, i.thumb_key])
  })
  await deletePhotosQuietly(keys)
}

/** Deletes one additional photo of a pet. The preview can only be replaced (400). */
export async function deletePetImage({
  petId,
  imageId,
  actor,
}: {
  petId: number
  imageId: number
  actor: Actor
}): Promise<void> {
  const db = await getDb()
  const keys = await db.transaction(async (trx) => {
    await requirePetRow(trx, petId, (p) => canEditPet(actor, p), { lock: true })
    const image: ImageRow | undefined = await trx('pet_images')
      .select('id', 'pet_id', 'is_preview', 'storage_key', 'thumb_key', 'width', 'height')
      .where({ id: imageId, pet_id: petId })
      .first()
    if (!image) throw notFound('Image not found')
    if (image.is_preview)
      throw invalid(PET_FAILURES.update, {
        preview_image: 'The preview image cannot be deleted, only replaced',
      })
    await trx('pet_images').where({ id: imageId }).delete()
    return [image.storage_key, image.thumb_key]
  })
  await deletePhotosQuietly(keys)
}
