import { HOLDING_STATUSES } from '~/domain/front-desk'
import type { Knex } from 'knex'
import { conflict, forbidden, invalid, notFound } from '~/domain/errors'
import { MAX_ADDITIONAL_IMAGES, type Pet } from '~/domain/pet'
import { assertCan, canAddPetFor, canDeletePet, canEditPet, canMovePet } from '~/domain/permissions'
import type { Actor } from '~/domain/user'
import { hotelClock } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { deletePhotosQuietly } from '~/infra/photo-storage.server'
import { keysOf, storePhotos, type ProcessedPhoto } from '~/infra/photo-processing.server'
import { PET_MESSAGES, type PetFieldsInput } from '~/schemas/pet'
import { changed } from '../cache-versions.server'
import { certificateKeysOfPets } from './vaccinations.server'
import { removeStayUpdatesOfPets } from '../booking/stay-updates.server'
import {
  imageRow,
  PET_COLUMNS,
  PET_FAILURES,
  petColumns,
  requirePetRow,
  withImages,
  type ImageRow,
} from './rows.server'

// Adding, changing and deleting pets and their photos. Photo files are
// written before the rows that point at them and deleted only after the rows
// are gone (after commit), so a row never points at a missing file.

export const STAYING_MESSAGE =
  'This pet is staying at the hotel right now and cannot be deleted until it is picked up'

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
      // The Pet of the Month shows the pet's name, breed and preview photo.
      await changed(trx, ['pet-of-the-month'])
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
      .whereIn('status', HOLDING_STATUSES)
      .andWhere('drop_off_at', '<=', nowWall)
      .andWhere('pick_up_at', '>', nowWall)
      .first()
    if (staying) throw conflict(PET_FAILURES.delete, { form: STAYING_MESSAGE })
    const images: Pick<ImageRow, 'storage_key' | 'thumb_key'>[] = await trx('pet_images')
      .select('storage_key', 'thumb_key')
      .where({ pet_id: id })
    const certificates = await certificateKeysOfPets(trx, [id])
    const updatePhotos = await removeStayUpdatesOfPets(trx, [id])
    await trx('pets').where({ id }).delete()
    await changed(trx, ['pet-of-the-month'])
    return [
      ...images.flatMap((i) => [i.storage_key, i.thumb_key]),
      ...certificates,
      ...updatePhotos,
    ]
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
