// Creates a staff account (the first Owner of a production install, say) and
// prints a one-time password to change after the first login.
//   npm run create-staff -- --email owner@hotel.example --position Owner [--username owner]
import crypto from 'node:crypto'
import { parseArgs } from 'node:util'
import { POSITIONS, type Position } from '../app/domain/user'
import { createUser } from '../app/models/user.server'
import { closeDb } from '../app/infra/db.server'

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    position: { type: 'string', default: 'Owner' },
    username: { type: 'string' },
    fname: { type: 'string', default: 'Hotel' },
    lname: { type: 'string', default: 'Staff' },
  },
})

if (!values.email || !POSITIONS.includes(values.position as Position)) {
  console.error(
    `Usage: npm run create-staff -- --email <email> --position <${POSITIONS.join('|')}> [--username <name>]`,
  )
  process.exit(2)
}

const password = crypto.randomBytes(12).toString('base64url')
const user = await createUser({
  email: values.email,
  username:
    values.username ?? values.email.split('@')[0].replace(/[^A-Za-z0-9_.-]/g, '') ?? 'staff',
  password,
  fname: values.fname!,
  lname: values.lname!,
  phone_num: '0000000000',
  address: '1 Hotel Street',
  city: 'Hotel',
  state: 'Hotel',
  zip: '00000',
  position: values.position as Position,
})
console.log(`Created ${user.position} ${user.username} <${user.email}> with password: ${password}`)
await closeDb()
