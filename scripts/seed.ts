// `npm run seed`: resets the database (and its photos) to the demo hotel.
import { resetDatabase, seedDemoData } from '../app/models/demo-seed.server'
import { closeDb } from '../app/infra/db.server'
import { getEnv } from '../app/infra/env.server'

if (!getEnv().DEMO_MODE) {
  console.error('DEMO_MODE is off: refusing to replace this database with demo data.')
  process.exit(2)
}
await resetDatabase()
await seedDemoData()
console.log('Database reset to the demo hotel. Demo logins use the password "password".')
await closeDb()
