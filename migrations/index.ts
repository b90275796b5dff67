import type { Knex } from 'knex'
import * as initialSchema from './001-initial-schema'
import * as sessionsAndRateLimits from './002-sessions-and-rate-limits'
import * as cacheVersions from './003-cache-versions'
import * as accountsAndMail from './004-accounts-and-mail'
import * as servicesPerSpecies from './006-services-per-species'
import * as checkInAndOut from './007-check-in-and-out'
import * as dropOffReminders from './008-drop-off-reminders'
import * as cancellationAndNoShow from './009-cancellation-and-no-show'
import * as vaccinations from './010-vaccinations'
import * as petContacts from './011-pet-contacts'
import * as stayUpdates from './012-stay-updates'
import * as priceAdjustments from './013-price-adjustments'
import * as waitlist from './014-waitlist'
import * as petStaysNeverOverlap from './015-pet-stays-never-overlap'
import * as apiTokens from './016-api-tokens'
import * as stayRangeIndex from './017-stay-range-index'
import * as accountSectionIndexes from './018-account-section-indexes'

// Migrations are imported statically so they run the same from the server
// bundle, from tsx and from the test runner.
const migrations: Record<string, Knex.Migration> = {
  '001-initial-schema': initialSchema,
  '002-sessions-and-rate-limits': sessionsAndRateLimits,
  '003-cache-versions': cacheVersions,
  '004-accounts-and-mail': accountsAndMail,
  '006-services-per-species': servicesPerSpecies,
  '007-check-in-and-out': checkInAndOut,
  '008-drop-off-reminders': dropOffReminders,
  '009-cancellation-and-no-show': cancellationAndNoShow,
  '010-vaccinations': vaccinations,
  '011-pet-contacts': petContacts,
  '012-stay-updates': stayUpdates,
  '013-price-adjustments': priceAdjustments,
  '014-waitlist': waitlist,
  '015-pet-stays-never-overlap': petStaysNeverOverlap,
  '016-api-tokens': apiTokens,
  '017-stay-range-index': stayRangeIndex,
  '018-account-section-indexes': accountSectionIndexes,
}

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
}
