import type { Knex } from 'knex'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { now } from '~/infra/clock.server'
import { hotelWallClock } from '~/domain/hotel-time'
import { deletePhotosQuietly } from '~/infra/photo-storage.server'
import { keysOf, storePhotos, type ProcessedPhoto } from '~/infra/photo-processing.server'
import {
  MAX_ADDITIONAL_IMAGES,
  PET_MESSAGES,
  type Behavior,
  type Gender,
  type PetFieldsInput,
  type PetSize,
  type PetType,
} from '~/schemas/pet'
import type { User } from './user.server'

// Pets and their photos. Every read and write is scoped by who asks (the
// viewer): the owner or staff see and change a pet, nobody else. Photo files
// are written before the rows that point at them and deleted only after the
// rows are gone (after commit), so a row never points at a missing file.

export type Viewer = Pick<User, 'id' | 'staff'>

export type PetImage = { id: number; url: string; thumbnail: string }

/** The Pet of spec §3 as the API shows it. */
export type Pet = {
  id: number
  name: string
  type: PetType
  breed: string
  age: number
  gender: Gender
  color: string
  weight: number
  dob: string
  size: PetSize
  behavior: Behavior
  medication_note: string
  dietary_note: string
  owner_id: number
  preview_image: string | null
  preview_thumbnail: string | null
  pet_images: PetImage[]
}

/** A photo with its pixel size, for pages that lay photos out. */
export type PetPhoto = PetImage & { width: number; height: number }

export type PetOwner = Pick<User, 'id' | 'username' | 'fname' | 'lname'>

export type PetDetails = { pet: Pet; owner: PetOwner; preview: PetPhoto | null; photos: PetPhoto[] }

export type PetCard = {
  id: number
  name: string
  type: PetType
  preview_thumbnail: string | null
  owner: PetOwner
}

/** The viewer is neither the pet's owner nor staff. */
export class PetForbiddenError extends Error {
  constructor() {
    super('Unauthorized')
  }
}

/** The pet is at the hotel right now (drop-off reached, not yet picked up). */
export class PetStayingError extends Error {
  constructor() {
    super('This pet is staying at the hotel right now and cannot be deleted until it is picked up')
  }
}

/** A write that would break a photo rule; carries the field it belongs to. */
export class PetPhotoRuleError extends Error {
  constructor(
    public field: 'preview_image' | 'additional_images',
    message: string,
  ) {
    super(message)
  }
}

export class PetOwnerNotFoundError extends Error {
  constructor() {
    super('Owner not found')
  }
}

export const photoUrl = (key: string) => `/photos/${key}`

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

const canSee = (viewer: Viewer, ownerId: number) => viewer.staff || viewer.id === ownerId

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
export async function listPets({ viewer }: { viewer: Viewer }): Promise<Pet[]> {
  const db = await getDb()
  const q = db('pets')
    .select(...PET_COLUMNS)
    .orderBy('id')
  if (!viewer.staff) q.where({ owner_id: viewer.id })
  return withImages(db, await q)
}

/** GET /api/pets/user: one user's own pets, by id. */
export async function listUserPets({ userId }: { userId: number }): Promise<Pet[]> {
  const db = await getDb()
  return withImages(
    db,
    await db('pets')
      .select(...PET_COLUMNS)
      .where({ owner_id: userId })
      .orderBy('id'),
  )
}

/** The cards of /pets: what the viewer may see, with each pet's owner (staff see everyone's). */
export async function listPetCards({ viewer }: { viewer: Viewer }): Promise<PetCard[]> {
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
  if (!viewer.staff) q.where('p.owner_id', viewer.id)
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

/** One pet for its owner or staff; null when missing; PetForbiddenError for anyone else. */
export async function getPet({ id, viewer }: { id: number; viewer: Viewer }): Promise<Pet | null> {
  const db = await getDb()
  const row: PetRow | undefined = await db('pets')
    .select(...PET_COLUMNS)
    .where({ id })
    .first()
  if (!row) return null
  if (!canSee(viewer, row.owner_id)) throw new PetForbiddenError()
  const [pet] = await withImages(db, [row])
  return pet
}

/** The pet page: the pet, its owner and its photos with their sizes. Same access rule as getPet. */
export async function getPetDetails({
  id,
  viewer,
}: {
  id: number
  viewer: Viewer
}): Promise<PetDetails | null> {
  const db = await getDb()
  const row: PetRow | undefined = await db('pets')
    .select(...PET_COLUMNS)
    .where({ id })
    .first()
  if (!row) return null
  if (!canSee(viewer, row.owner_id)) throw new PetForbiddenError()
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

/**
 * A light lookup for bookings: who owns the pet and what kind it is. Null when
 * missing; PetForbiddenError when the viewer is neither the owner nor staff.
 */
export async function getPetForBooking({
  id,
  viewer,
}: {
  id: number
  viewer: Viewer
}): Promise<{ id: number; name: string; type: PetType; owner_id: number } | null> {
  const db = await getDb()
  const row = await db('pets').select('id', 'name', 'type', 'owner_id').where({ id }).first()
  if (!row) return null
  if (!canSee(viewer, row.owner_id)) throw new PetForbiddenError()
  return row
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

/**
 * Stores the photos, then writes the pet and its image rows in one
 * transaction. If the transaction fails, the stored files are removed again.
 */
export async function createPet({
  ownerId,
  fields,
  preview,
  additional = [],
}: {
  ownerId: number
  fields: PetFieldsInput
  preview: ProcessedPhoto
  additional?: ProcessedPhoto[]
}): Promise<Pet> {
  if (additional.length > MAX_ADDITIONAL_IMAGES)
    throw new PetPhotoRuleError('additional_images', PET_MESSAGES.tooManyAdditional)
  const db = await getDb()
  const photos = [preview, ...additional]
  await storePhotos(photos)
  try {
    return await db.transaction(async (trx) => {
      const owner = await trx('users').select('id').where({ id: ownerId }).first()
      if (!owner) throw new PetOwnerNotFoundError()
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
 * photos are added (at most MAX_ADDITIONAL_IMAGES in all). Null when missing,
 * PetForbiddenError for another client (nothing changes).
 */
export async function updatePet({
  id,
  viewer,
  fields,
  ownerId,
  preview,
  additional = [],
}: {
  id: number
  viewer: Viewer
  fields: PetFieldsInput
  /** Staff may move a pet to another owner; a client can only keep it. */
  ownerId?: number
  preview?: ProcessedPhoto
  additional?: ProcessedPhoto[]
}): Promise<Pet | null> {
  const db = await getDb()
  const photos = [...(preview ? [preview] : []), ...additional]
  await storePhotos(photos)
  let replacedKeys: string[] = []
  let pet: Pet | null
  try {
    pet = await db.transaction(async (trx) => {
      // The row lock serialises concurrent edits of one pet, so two uploads
      // cannot both pass the photo count.
      const row: PetRow | undefined = await trx('pets')
        .select(...PET_COLUMNS)
        .where({ id })
        .forUpdate()
        .first()
      if (!row) return null
      if (!canSee(viewer, row.owner_id)) throw new PetForbiddenError()
      if (ownerId !== undefined && ownerId !== row.owner_id) {
        if (!viewer.staff) throw new PetForbiddenError()
        const owner = await trx('users').select('id').where({ id: ownerId }).first()
        if (!owner) throw new PetOwnerNotFoundError()
      }
      const images: ImageRow[] = await trx('pet_images')
        .select('id', 'pet_id', 'is_preview', 'storage_key', 'thumb_key', 'width', 'height')
        .where({ pet_id: id })
      const existingAdditional = images.filter((i) => !i.is_preview).length
      if (existingAdditional + additional.length > MAX_ADDITIONAL_IMAGES)
        throw new PetPhotoRuleError('additional_images', PET_MESSAGES.tooManyAdditional)

      const [updated] = await trx('pets')
        .where({ id })
        .update({ ...petColumns(fields), owner_id: ownerId ?? row.owner_id })
        .returning([...PET_COLUMNS])
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
  if (pet === null) await deletePhotosQuietly(keysOf(photos))
  await deletePhotosQuietly(replacedKeys)
  return pet
}

/**
 * Deletes a pet, its photos and (by cascade) its bookings. Refused with
 * PetStayingError while the pet is at the hotel. False when missing.
 */
export async function deletePet({ id, viewer }: { id: number; viewer: Viewer }): Promise<boolean> {
  const db = await getDb()
  const nowWall = hotelWallClock(now(), getEnv().HOTEL_TIMEZONE)
  const keys = await db.transaction(async (trx) => {
    const row = await trx('pets').select('id', 'owner_id').where({ id }).forUpdate().first()
    if (!row) return null
    if (!canSee(viewer, row.owner_id)) throw new PetForbiddenError()
    const staying = await trx('bookings')
      .select('id')
      .where({ pet_id: id })
      .andWhere('drop_off_at', '<=', nowWall)
      .andWhere('pick_up_at', '>', nowWall)
      .first()
    if (staying) throw new PetStayingError()
    const images: Pick<ImageRow, 'storage_key' | 'thumb_key'>[] = await trx('pet_images')
      .select('storage_key', 'thumb_key')
      .where({ pet_id: id })
    await trx('pets').where({ id }).delete()
    return images.flatMap((i) => [i.storage_key, i.thumb_key])
  })
  if (keys === null) return false
  await deletePhotosQuietly(keys)
  return true
}

export type DeleteImageResult = 'deleted' | 'pet_not_found' | 'image_not_found'

/** Deletes one additional photo of a pet. The preview can only be replaced (PetPhotoRuleError). */
export async function deletePetImage({
  petId,
  imageId,
  viewer,
}: {
  petId: number
  imageId: number
  viewer: Viewer
}): Promise<DeleteImageResult> {
  const db = await getDb()
  const result = await db.transaction(async (trx) => {
    const row = await trx('pets').select('id', 'owner_id').where({ id: petId }).forUpdate().first()
    if (!row) return { status: 'pet_not_found' as const, keys: [] }
    if (!canSee(viewer, row.owner_id)) throw new PetForbiddenError()
    const image: ImageRow | undefined = await trx('pet_images')
      .select('id', 'pet_id', 'is_preview', 'storage_key', 'thumb_key', 'width', 'height')
      .where({ id: imageId, pet_id: petId })
      .first()
    if (!image) return { status: 'image_not_found' as const, keys: [] }
    if (image.is_preview)
      throw new PetPhotoRuleError(
        'preview_image',
        'The preview image cannot be deleted, only replaced',
      )
    await trx('pet_images').where({ id: imageId }).delete()
    return { status: 'deleted' as const, keys: [image.storage_key, image.thumb_key] }
  })
  await deletePhotosQuietly(result.keys)
  return result.status
}
