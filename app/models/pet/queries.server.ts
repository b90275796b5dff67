import type { Pet, PetCard, PetDetails, PetOwner } from '~/domain/pet'
import { assertCan, canListAllPets, canSeePet } from '~/domain/permissions'
import { photoUrl } from '~/domain/pet'
import type { Actor } from '~/domain/user'
import { getDb } from '~/infra/db.server'
import { imagesOf, requirePetRow, toPet, toPhoto, withImages, PET_COLUMNS } from './rows.server'

// Reading pets, always as someone: the owner or staff see a pet, nobody else;
// staff see every pet, a client their own.

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
