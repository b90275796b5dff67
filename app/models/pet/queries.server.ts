import type { Knex } from 'knex'
import type { Pet, PetCard, PetDetails, PetOwner } from '~/domain/pet'
import { assertCan, canListAllPets, canSeePet } from '~/domain/permissions'
import { PET_SEARCH_MAX, photoUrl } from '~/domain/pet'
import type { Actor } from '~/domain/user'
import { compiledOnce, getDb, rowsOf } from '~/infra/db.server'
import { PREPARED } from '~/infra/prepared-statements.server'
import { inBatches, offsetOf, readPage } from '../batches.server'
import {
  imagesOf,
  requirePetRow,
  toPet,
  toPetWithImages,
  toPhoto,
  withImages,
  PET_COLUMNS,
  PET_IMAGES_JSON,
  type PetRowWithImages,
} from './rows.server'

// Reading pets, always as someone: the owner or staff see a pet, nobody else;
// staff see every pet, a client their own.

/** GET /api/pets: every pet, by id, a batch at a time (staff only). */
export function allPetsInBatches({ actor }: { actor: Actor }): AsyncIterable<Pet[]> {
  assertCan(canListAllPets(actor))
  return (async function* () {
    const db = await getDb()
    yield* inBatches<PetRowWithImages, Pet>(
      (after, size) =>
        db('pets')
          .select(...PET_COLUMNS, db.raw(PET_IMAGES_JSON))
          .where('id', '>', after?.id ?? 0)
          .orderBy('id')
          .limit(size),
      async (rows) => rows.map(toPetWithImages),
    )
  })()
}

/** A page of every pet by id: compiled once, its limit and offset bound. */
const PETS_PAGE = compiledOnce((db, limit: number, offset: number) =>
  db('pets')
    .select(...PET_COLUMNS, db.raw(PET_IMAGES_JSON))
    .orderBy('id')
    .limit(limit)
    .offset(offset),
)

/** GET /api/pets?page=: one page of every pet, by id (staff only). */
export async function listPetsPage({
  actor,
  paging,
}: {
  actor: Actor
  paging: { page: number; limit: number }
}): Promise<{ items: Pet[]; hasMore: boolean }> {
  assertCan(canListAllPets(actor))
  const db = await getDb()
  const offset = offsetOf(paging)
  const rows = await readPage<PetRowWithImages>(PETS_PAGE(db, paging.limit + 1, offset), offset)
  return {
    items: rows.slice(0, paging.limit).map(toPetWithImages),
    hasMore: rows.length > paging.limit,
  }
}

/** GET /api/pets/user: the actor's own pets, by id. */
const OWN_PETS_SQL = `select ${PET_COLUMNS.join(', ')}, ${PET_IMAGES_JSON}
  from pets where owner_id = ? order by id`

export async function listOwnPets({ actor }: { actor: Actor }): Promise<Pet[]> {
  assertCan(!!actor)
  const db = await getDb()
  const { rows } = await db
    .raw<{ rows: PetRowWithImages[] }>(OWN_PETS_SQL, [actor!.id])
    .options(PREPARED)
  return rows.map(toPetWithImages)
}

/** Whether the actor owns a pet yet (where a client lands after logging in). */
export async function hasOwnPets({ actor }: { actor: Actor }): Promise<boolean> {
  assertCan(!!actor)
  const db = await getDb()
  return !!(await db('pets').select('id').where({ owner_id: actor!.id }).first())
}

export const PET_CARDS_PAGE_SIZE = 50

type PetCardRow = {
  id: number
  name: string
  type: PetCard['type']
  thumb_key: string | null
  owner_id: number
  owner_username: string
  owner_fname: string
  owner_lname: string
}

/** Pets by id with their preview photo and owner: the cards of /pets. */
const petCardsQuery = (db: Knex | Knex.Transaction) =>
  db('pets as p')
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

// Compiled once. A client's own pets (every visit of /pets) are a lookup by
// owner: prepared. A page of the whole hotel's (staff) is prepared while it
// is shallow (readPage). A search's text varies with its words.
const OWN_PET_CARDS = compiledOnce((db, ownerId: number, limit: number, offset: number) =>
  petCardsQuery(db).where('p.owner_id', ownerId).limit(limit).offset(offset).options(PREPARED),
)
const ALL_PET_CARDS = compiledOnce((db, limit: number, offset: number) =>
  petCardsQuery(db).limit(limit).offset(offset),
)

/**
 * One page of the cards of /pets: what the actor may see, with each pet's
 * owner (staff see everyone's), by id. `search` keeps the pets whose name,
 * or whose owner's name or username, contains it (any case).
 */
export async function listPetCards({
  actor,
  page = 1,
  search = '',
  pageSize = PET_CARDS_PAGE_SIZE,
}: {
  actor: Actor
  page?: number
  search?: string
  pageSize?: number
}): Promise<{ pets: PetCard[]; hasMore: boolean }> {
  assertCan(!!actor)
  const db = await getDb()
  const offset = offsetOf({ page, limit: pageSize })
  const own = !canListAllPets(actor)
  const words = search.trim().slice(0, PET_SEARCH_MAX)
  // No name holds U+0000 (every form refuses it), and PostgreSQL refuses it in a query.
  if (words.includes('\u0000')) return { pets: [], hasMore: false }
  let rows: PetCardRow[]
  if (words) {
    const pattern = `%${escapeLike(words)}%`
    const q = petCardsQuery(db)
      .limit(pageSize + 1)
      .offset(offset)
      .where((w) =>
        w
          .whereILike('p.name', pattern)
          .orWhereILike('u.username', pattern)
          .orWhereRaw(`u.fname || ' ' || u.lname ILIKE ?`, [pattern]),
      )
    rows = await (own ? q.where('p.owner_id', actor!.id) : q)
  } else if (own) {
    rows = await rowsOf<PetCardRow>(OWN_PET_CARDS(db, actor!.id, pageSize + 1, offset))
  } else {
    rows = await readPage<PetCardRow>(ALL_PET_CARDS(db, pageSize + 1, offset), offset)
  }
  const pets = rows.slice(0, pageSize).map((r) => ({
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
  return { pets, hasMore: rows.length > pageSize }
}

/** Text matched literally by LIKE: its wildcards and escape character escaped. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

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
    .options(PREPARED)
  const preview = images.find((i) => i.is_preview)
  return {
    pet: toPet(row, images),
    owner,
    preview: preview ? toPhoto(preview) : null,
    photos: images.filter((i) => !i.is_preview).map(toPhoto),
  }
}
