import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import knexFactory from 'knex'

// The hotels the bench and the soak run on: the demo hotel, and a busy one
// (150,000 bookings, 20,000 reviews, 1,500 clients) filled in SQL.

export type Db = ReturnType<typeof knexFactory>

/** The app's own database connection (migrated), on PostgreSQL or the embedded database. */
export async function openDatabase(kind: 'pg' | 'embedded', dataDir: string, pgUrl?: string) {
  process.env.DATA_DIR = dataDir
  process.env.LOG_LEVEL = 'silent'
  if (kind === 'pg') process.env.DATABASE_URL = pgUrl
  else delete process.env.DATABASE_URL
  const { resetEnvCache } = await import('../../app/infra/env.server')
  resetEnvCache()
  const { getDb, closeDb } = await import('../../app/infra/db.server')
  return { db: (await getDb()) as unknown as Db, close: closeDb }
}

/** Empties the hotel and seeds the demo one. */
export async function seedDemo(db: Db) {
  await db.raw(
    'TRUNCATE booking_services, bookings, reviews, service_staff, services, pet_images, pets, sessions, users, rate_limits RESTART IDENTITY CASCADE',
  )
  const { seedDemoData } = await import('../../app/models/demo-seed.server')
  await seedDemoData()
}

/** Adds a busy hotel to the demo one: 1,500 clients with a pet each, their stays from decades ago to eight months ahead, 20,000 reviews. */
export async function fillBusyHotel(db: Db, today: string, bookings = 150_000) {
  await db.raw(`
    INSERT INTO users (username, email, password_hash, fname, lname, phone_num, address, city, state, zip)
    SELECT 'bench' || g, 'bench' || g || '@example.com', 'x', 'Bench', 'Client', '5550000000', '1 Bench Road', 'Town', 'State', '00000'
    FROM generate_series(1, 1500) g`)
  await db.raw(`
    INSERT INTO pets (owner_id, name, type, breed, age, gender, color, weight, dob, size, behavior)
    SELECT u.id, 'Pet' || u.id, CASE WHEN u.id % 3 = 0 THEN 'cat' ELSE 'dog' END, 'Mixed', 3, 'male', 'Brown', 20, '2020-01-01', 'he chomnk', 'calm'
    FROM users u WHERE u.username LIKE 'bench%'`)
  const perPet = Math.ceil(bookings / 1500)
  // Each pet: a three-night stay every 110 days, pets staggered by a day each,
  // so about 14 arrive a day and about 40 are in — a full hotel, as capacity
  // allows — from decades ago to eight months ahead.
  await db.raw(
    `INSERT INTO bookings (client_id, pet_id, booking_type, drop_off_at, pick_up_at, days, daily_price_cents, total_cents)
     SELECT p.owner_id, p.id, 'boarding_care',
            (date '${today}' - (k * 110 + p.id % 110 - 240)) + time '10:00',
            (date '${today}' - (k * 110 + p.id % 110 - 240) + 3) + time '10:00',
            3, 5500, 16500
     FROM pets p CROSS JOIN generate_series(1, ?) k
     WHERE p.name LIKE 'Pet%'
     LIMIT ?`,
    [perPet, bookings],
  )
  await db.raw(`
    INSERT INTO booking_services (booking_id, service_id, service_name, price_cents)
    SELECT b.id, 1 + b.id % 5, 'Bench service', 1000 FROM bookings b
    WHERE NOT EXISTS (SELECT 1 FROM booking_services s WHERE s.booking_id = b.id)`)
  await db.raw(`
    INSERT INTO reviews (client_id, review, paws, created_at)
    SELECT u.id, 'A lovely stay number ' || g, 1 + g % 5, now() - (g || ' minutes')::interval
    FROM generate_series(1, 20000) g JOIN users u ON u.id = 10 + g % 1500`)
  await db.raw('ANALYZE')
}

/**
 * The demo hotel (with `busy`, the busy one added to it) in the PostgreSQL
 * database at `pgUrl`, for a run that starts servers on it: a DATA_DIR for
 * them (made here; the caller removes it) and the hotel's date today.
 */
export async function hotelOn(pgUrl: string, { busy = false }: { busy?: boolean } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-hotel-run-'))
  const { db, close } = await openDatabase('pg', dataDir, pgUrl)
  try {
    await seedDemo(db)
    const { hotelClock } = await import('../../app/infra/clock.server')
    const { today } = hotelClock()
    if (busy) await fillBusyHotel(db, today)
    return { dataDir, today }
  } finally {
    await close()
  }
}

/** A PostgreSQL database of its own for a run on 127.0.0.1 (or BENCH_DATABASE_URL), dropped after. */
export async function withPostgres<T>(fn: (url: string) => Promise<T>): Promise<T> {
  if (process.env.BENCH_DATABASE_URL) return fn(process.env.BENCH_DATABASE_URL)
  const admin = knexFactory({
    client: 'pg',
    connection: 'postgres://postgres@127.0.0.1:5432/postgres',
  })
  const name = `pethotel_bench_${process.pid}_${Date.now()}`
  await admin.raw(`CREATE DATABASE ${name}`)
  try {
    return await fn(`postgres://postgres@127.0.0.1:5432/${name}`)
  } finally {
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.destroy()
  }
}
