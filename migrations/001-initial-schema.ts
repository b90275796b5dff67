import type { Knex } from 'knex'

// One schema for PGlite and PostgreSQL 15+. The database defends the data on
// its own: keys, NOT NULL, CHECKs for every enumeration and range, unique
// indexes, and an index for each lookup the app makes.
export async function up(knex: Knex) {
  await knex.schema.createTable('users', (t) => {
    t.increments('id')
    t.text('username').notNullable()
    t.text('email').notNullable()
    t.text('password_hash').notNullable()
    t.text('fname').notNullable()
    t.text('lname').notNullable()
    t.text('phone_num').notNullable()
    t.text('address').notNullable()
    t.text('city').notNullable()
    t.text('state').notNullable()
    t.text('zip').notNullable()
    t.boolean('staff').notNullable().defaultTo(false)
    t.text('position')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.raw(`
    ALTER TABLE users
      ADD CONSTRAINT users_phone_10_digits CHECK (phone_num ~ '^[0-9]{10}$'),
      ADD CONSTRAINT users_zip_5_digits CHECK (zip ~ '^[0-9]{5}$'),
      ADD CONSTRAINT users_position_valid CHECK (position IN ('Employee', 'Manager', 'Owner')),
      ADD CONSTRAINT users_staff_has_position CHECK (staff = (position IS NOT NULL)),
      ADD CONSTRAINT users_username_not_blank CHECK (length(username) BETWEEN 1 AND 40),
      ADD CONSTRAINT users_email_shape CHECK (email ~ '^[^@[:space:]]+@[^@[:space:]]+$')
  `)
  await knex.raw('CREATE UNIQUE INDEX users_email_unique ON users (lower(email))')
  await knex.raw('CREATE UNIQUE INDEX users_username_unique ON users (lower(username))')

  await knex.schema.createTable('pets', (t) => {
    t.increments('id')
    t.integer('owner_id').notNullable().references('users.id').onDelete('CASCADE')
    t.text('name').notNullable()
    t.text('type').notNullable()
    t.text('breed').notNullable()
    t.decimal('age', 5, 2).notNullable()
    t.text('gender').notNullable()
    t.text('color').notNullable()
    t.decimal('weight', 6, 2).notNullable()
    t.date('dob').notNullable()
    t.text('size').notNullable()
    t.text('behavior').notNullable()
    t.text('medication_note').notNullable().defaultTo('')
    t.text('dietary_note').notNullable().defaultTo('')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['owner_id'])
  })
  await knex.raw(`
    ALTER TABLE pets
      ADD CONSTRAINT pets_type_valid CHECK (type IN ('cat', 'dog')),
      ADD CONSTRAINT pets_gender_valid CHECK (gender IN ('male', 'female')),
      ADD CONSTRAINT pets_age_positive CHECK (age > 0),
      ADD CONSTRAINT pets_weight_positive CHECK (weight > 0),
      ADD CONSTRAINT pets_size_valid CHECK (size IN ('a fine boi', 'he chomnk', 'a heckin chonker', 'heftychonk', 'megachonker', 'oh lawd he comin')),
      ADD CONSTRAINT pets_behavior_valid CHECK (behavior IN ('calm', 'playful', 'aggressive', 'shy'))
  `)

  await knex.schema.createTable('pet_images', (t) => {
    t.increments('id')
    t.integer('pet_id').notNullable().references('pets.id').onDelete('CASCADE')
    t.boolean('is_preview').notNullable().defaultTo(false)
    t.text('storage_key').notNullable()
    t.text('thumb_key').notNullable()
    t.integer('width').notNullable()
    t.integer('height').notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['pet_id'])
  })
  // At most one preview photo per pet.
  await knex.raw(
    'CREATE UNIQUE INDEX pet_images_one_preview ON pet_images (pet_id) WHERE is_preview',
  )

  await knex.schema.createTable('services', (t) => {
    t.increments('id')
    t.text('service').notNullable()
    t.integer('price_cents').notNullable()
    // Deleted services stay as rows so bookings keep their price lines.
    t.timestamp('deleted_at', { useTz: true })
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.raw(`
    ALTER TABLE services
      ADD CONSTRAINT services_price_positive CHECK (price_cents > 0),
      ADD CONSTRAINT services_name_length CHECK (length(service) BETWEEN 1 AND 100)
  `)
  await knex.raw(
    'CREATE UNIQUE INDEX services_name_unique ON services (lower(service)) WHERE deleted_at IS NULL',
  )

  await knex.schema.createTable('service_staff', (t) => {
    t.integer('service_id').notNullable().references('services.id').onDelete('CASCADE')
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE')
    t.primary(['service_id', 'user_id'])
    t.index(['user_id'])
  })

  await knex.schema.createTable('bookings', (t) => {
    t.increments('id')
    t.integer('client_id').notNullable().references('users.id').onDelete('CASCADE')
    t.integer('pet_id').notNullable().references('pets.id').onDelete('CASCADE')
    t.text('booking_type').notNullable()
    // Hotel wall-clock time (HOTEL_TIMEZONE), see docs/decisions/004-hotel-time.md.
    t.timestamp('drop_off_at', { useTz: false }).notNullable()
    t.timestamp('pick_up_at', { useTz: false }).notNullable()
    // Line items fixed when the booking is made or updated.
    t.integer('days').notNullable()
    t.integer('daily_price_cents').notNullable()
    t.integer('total_cents').notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('priced_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['pet_id', 'pick_up_at'])
    t.index(['client_id', 'drop_off_at'])
    t.index(['drop_off_at'])
    t.index(['pick_up_at'])
  })
  await knex.raw(`
    ALTER TABLE bookings
      ADD CONSTRAINT bookings_type_valid CHECK (booking_type IN ('day_care', 'boarding_care')),
      ADD CONSTRAINT bookings_pick_up_after_drop_off CHECK (pick_up_at > drop_off_at),
      ADD CONSTRAINT bookings_day_care_same_day CHECK (booking_type <> 'day_care' OR drop_off_at::date = pick_up_at::date),
      ADD CONSTRAINT bookings_stay_at_most_366_days CHECK (pick_up_at <= drop_off_at + interval '366 days'),
      ADD CONSTRAINT bookings_days_positive CHECK (days >= 1),
      ADD CONSTRAINT bookings_money_non_negative CHECK (daily_price_cents >= 0 AND total_cents >= 0)
  `)

  await knex.schema.createTable('booking_services', (t) => {
    t.increments('id')
    t.integer('booking_id').notNullable().references('bookings.id').onDelete('CASCADE')
    t.integer('service_id').notNullable().references('services.id').onDelete('RESTRICT')
    // Copies, so later renames and price changes leave the booking as it was made.
    t.text('service_name').notNullable()
    t.integer('price_cents').notNullable()
    t.unique(['booking_id', 'service_id'])
    t.index(['service_id'])
  })
  await knex.raw(
    'ALTER TABLE booking_services ADD CONSTRAINT booking_services_price_positive CHECK (price_cents > 0)',
  )

  await knex.schema.createTable('reviews', (t) => {
    t.increments('id')
    t.integer('client_id').notNullable().references('users.id').onDelete('CASCADE')
    t.text('review').notNullable()
    t.integer('paws').notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['client_id'])
  })
  await knex.raw(`
    ALTER TABLE reviews
      ADD CONSTRAINT reviews_paws_1_to_5 CHECK (paws BETWEEN 1 AND 5),
      ADD CONSTRAINT reviews_text_length CHECK (length(review) BETWEEN 1 AND 2000)
  `)
  await knex.raw('CREATE INDEX reviews_best_first ON reviews (paws DESC, created_at DESC, id DESC)')
  await knex.raw('CREATE INDEX reviews_newest_first ON reviews (created_at DESC, id DESC)')

  // One row of hotel settings: capacity and the daily price of each booking type.
  await knex.schema.createTable('hotel_settings', (t) => {
    t.integer('id').primary()
    t.integer('dog_kennels').notNullable()
    t.integer('cat_condos').notNullable()
    t.integer('day_care_places').notNullable()
    t.integer('day_care_daily_price_cents').notNullable()
    t.integer('boarding_daily_price_cents').notNullable()
  })
  await knex.raw(`
    ALTER TABLE hotel_settings
      ADD CONSTRAINT hotel_settings_single_row CHECK (id = 1),
      ADD CONSTRAINT hotel_settings_capacity_non_negative CHECK (dog_kennels >= 0 AND cat_condos >= 0 AND day_care_places >= 0),
      ADD CONSTRAINT hotel_settings_prices_positive CHECK (day_care_daily_price_cents > 0 AND boarding_daily_price_cents > 0)
  `)
  await knex('hotel_settings').insert({
    id: 1,
    dog_kennels: 20,
    cat_condos: 10,
    day_care_places: 25,
    day_care_daily_price_cents: 3500,
    boarding_daily_price_cents: 5500,
  })

  // Lock rows: a booking transaction locks the row of every (date, unit) it
  // occupies before counting, so concurrent bookings for the last place queue
  // instead of racing. The count itself always comes from bookings.
  await knex.schema.createTable('capacity_locks', (t) => {
    t.date('day').notNullable()
    t.text('unit').notNullable()
    t.primary(['day', 'unit'])
  })
  await knex.raw(
    "ALTER TABLE capacity_locks ADD CONSTRAINT capacity_locks_unit_valid CHECK (unit IN ('dog_kennel', 'cat_condo', 'day_care'))",
  )

  await knex.schema.createTable('pet_of_the_month', (t) => {
    t.text('month').primary() // 'YYYY-MM'
    t.integer('pet_id').notNullable().references('pets.id').onDelete('CASCADE')
    t.text('note').notNullable().defaultTo('')
    t.index(['pet_id'])
  })
  await knex.raw(
    "ALTER TABLE pet_of_the_month ADD CONSTRAINT pet_of_the_month_month_shape CHECK (month ~ '^[0-9]{4}-[0-9]{2}$')",
  )

  // rate-limiter-flexible's PostgreSQL store (failed logins across app instances).
  await knex.raw(`CREATE TABLE login_rate_limits (
    key varchar(255) PRIMARY KEY,
    points integer NOT NULL DEFAULT 0,
    expire bigint
  )`)

  await knex.schema.createTable('app_meta', (t) => {
    t.text('key').primary()
    t.text('value').notNullable()
  })
}

export async function down(knex: Knex) {
  for (const table of [
    'app_meta',
    'login_rate_limits',
    'pet_of_the_month',
    'capacity_locks',
    'hotel_settings',
    'reviews',
    'booking_services',
    'bookings',
    'service_staff',
    'services',
    'pet_images',
    'pets',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table)
  }
}
