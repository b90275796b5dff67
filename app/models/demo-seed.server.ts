import type { Logger } from 'pino'
import { getDb } from '~/utils/db.server'
import { createUser, type Position } from './user.server'

export const DEMO_PASSWORD = 'password'

export const DEMO_ACCOUNTS: { key: string; position: Position | null; fname: string; lname: string }[] = [
  { key: 'client', position: null, fname: 'Casey', lname: 'Client' },
  { key: 'employee', position: 'Employee', fname: 'Emery', lname: 'Employee' },
  { key: 'manager', position: 'Manager', fname: 'Morgan', lname: 'Manager' },
  { key: 'owner', position: 'Owner', fname: 'Olivia', lname: 'Owner' },
]

export const demoEmail = (key: string) => `demo-${key}@example.com`

/** Seeds demo data once, on the first start of an empty database. */
export async function ensureDemoData({ demo, logger }: { demo: boolean; logger?: Logger }) {
  const db = await getDb()
  const { count } = (await db('users').count<{ count: number }[]>({ count: '*' }).first()) ?? { count: 0 }
  if (Number(count) > 0 || !demo) return
  await seedDemoData()
  logger?.info('Seeded demo data')
}

export async function seedDemoData() {
  for (const account of DEMO_ACCOUNTS) {
    await createUser({
      username: `demo-${account.key}`,
      email: demoEmail(account.key),
      password: DEMO_PASSWORD,
      fname: account.fname,
      lname: account.lname,
      phone_num: '5550100' + String(DEMO_ACCOUNTS.indexOf(account) + 100).slice(-3),
      address: '12 Main Street',
      city: 'Springfield',
      state: 'Vermont',
      zip: '05156',
      position: account.position,
    })
  }
}
