// A typed client of the hotel's JSON API, for a script of your own: the
// types come from the OpenAPI document (/api/openapi.json) through
// openapi-typescript (`npm run openapi` writes them to examples/api-types.ts),
// the calls go through openapi-fetch, and an API token (made on the account
// page) logs it in. It lists the day's arrivals — staff see the day sheet.
//
//   API_BASE=https://hotel.example.com API_TOKEN=pht_… npx tsx examples/typed-client.ts [YYYY-MM-DD]
//
// Without a date: today in the hotel's time zone (HOTEL_TIMEZONE, New York by default).
import createClient from 'openapi-fetch'
import type { paths } from './api-types'

const base = process.env.API_BASE ?? 'http://localhost:3000'
const token = process.env.API_TOKEN
if (!token) {
  console.error('Set API_TOKEN to a token made on your account page.')
  process.exit(2)
}

const api = createClient<paths>({ baseUrl: base, headers: { Authorization: `Bearer ${token}` } })

const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: process.env.HOTEL_TIMEZONE ?? 'America/New_York',
}).format(new Date())
const date = process.argv[2] ?? today

const me = await api.GET('/api/auth')
if (!me.data) {
  console.error(`Not logged in: ${me.error?.message ?? me.response.status}`)
  process.exit(1)
}

const day = await api.GET('/api/bookings/date/{date}', { params: { path: { date } } })
if (!day.data) {
  console.error(`Could not read ${date}: ${day.error?.message ?? day.response.status}`)
  process.exit(1)
}

// Boarding pets whose stay begins that day, and the day's day-care pets, by drop-off time.
const arrivals = day.data
  .filter((b) => b.drop_off_date.startsWith(date) && b.status !== 'cancelled')
  .sort((a, b) => a.drop_off_date.localeCompare(b.drop_off_date))

console.log(`Arrivals on ${date} (as ${me.data.fname} ${me.data.lname}): ${arrivals.length}`)
for (const b of arrivals) {
  const kind = b.booking_type === 'day_care' ? 'day care' : `boarding, ${b.days} days`
  const services = b.services.map((s) => s.service).join(', ')
  console.log(
    `${b.drop_off_date.slice(11, 16)}  ${b.pet.name} (${b.pet.type}) — ${kind}; ${services} [${b.status}]`,
  )
}
