import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, seedDemoData } from '../../app/models/demo-seed.server'
import { Client, startServer } from '../support/http'

// The forms that only some people see are left out of the browser's first
// load (components/lazy-in-browser.tsx), but never out of the page: the server
// renders them in place, so they work without JavaScript. React must not send
// them apart from the page to be moved in by a script (a "pending" boundary:
// <template id="B:…"> now, <div hidden id="S:…"> later), which a browser
// without JavaScript would never show.

let base: string
beforeAll(async () => {
  await seedDemoData()
  base = await startServer()
})

async function pageAs(email: string, path: string) {
  const client = new Client(base)
  await client.login(email, DEMO_PASSWORD)
  const res = await client.get(path)
  expect(res.status, path).toBe(200)
  return res.body as string
}

function expectInPlace(html: string) {
  expect(html).not.toMatch(/<template id="B:/)
  expect(html).not.toMatch(/<div hidden id="S:/)
}

describe('forms split from their page are still in it', () => {
  it('the manager’s service forms on /services', async () => {
    const html = await pageAs('demo-manager@example.com', '/services?edit=1')
    expect(html).toContain('id="create-service-form"')
    expect(html).toContain('id="update-service-1"')
    expectInPlace(html)
  })

  it('the Pet of the Month chooser on the landing page', async () => {
    const html = await pageAs('demo-manager@example.com', '/')
    expect(html).toContain('id="potm-form"')
    expectInPlace(html)
  })

  it('the client’s review form on /reviews', async () => {
    const html = await pageAs('demo-client@example.com', '/reviews')
    expect(html).toContain('id="add-review-form"')
    expectInPlace(html)
  })
})
