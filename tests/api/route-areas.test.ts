import {
  createRequestHandler,
  matchRoutes,
  type AppLoadContext,
  type RouteObject,
  type ServerBuild,
} from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import {
  apiAreaOf,
  apiAreas,
  isPagePath,
  pageAreaOf,
  pageAreas,
  pagesBuild,
} from '../../server/route-areas'
import { createLogger } from '../../server/logger'
import { bookedStay, createPet, createUser } from '../support/factories'
import { clientFor, loadBuild } from '../support/http'

// An /api request, or a page's, is handled by a React Router handler that
// knows only its area's routes (server/route-areas.ts). That is sound only if,
// for every path of the area, those routes pick the same route as the whole
// app would, and a page renders the same.

type Routes = ServerBuild['routes']

/** The route tree React Router matches against, from a build's route list. */
function treeOf(routes: Routes, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route!.parentId === parentId)
    .map((route) => {
      const children = treeOf(routes, route!.id)
      return route!.index
        ? { id: route!.id, index: true, path: route!.path }
        : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children }
    })
}

const matched = (tree: RouteObject[], path: string) =>
  matchRoutes(tree, path)
    ?.map((m) => m.route.id)
    .join(' > ') ?? 'none'

/**
 * Expects each path that has an area (`areaOf`) to match the same routes
 * there as among `all`; gives how many paths it compared.
 */
function expectSameMatches(
  all: Routes,
  paths: Iterable<string>,
  areaOf: (path: string) => Routes | undefined,
): number {
  const whole = treeOf(all)
  let compared = 0
  for (const path of paths) {
    const routes = areaOf(path)
    if (!routes) continue
    expect(matched(treeOf(routes), path), path).toBe(matched(whole, path))
    compared++
  }
  return compared
}

function fullPathOf(routes: Routes, id: string): string {
  const route = routes[id]!
  const own = route.path ?? ''
  return route.parentId ? `${fullPathOf(routes, route.parentId)}/${own}` : own
}

/** Each route's path with its parameters filled, and longer, shorter and other-case variants. */
function samplePaths(routes: Routes): Set<string> {
  const paths = new Set<string>()
  for (const id of Object.keys(routes)) {
    const path = fullPathOf(routes, id).replace(/\/+/g, '/').replace(/^\/?/, '/')
    const filled = path.replace(/:[^/]+/g, '7').replace(/\*$/, 'x/y')
    for (const p of [
      filled,
      `${filled}/`,
      `${filled}/extra`,
      `${filled}/1/2/3`,
      filled.toUpperCase(),
      filled.replace(/\/[^/]*$/, '') || '/',
    ])
      paths.add(p)
  }
  return paths
}

describe('/api areas', () => {
  it('pick the same route as the whole app for every path of an area', async () => {
    const build = await loadBuild()
    const areas = apiAreas(build.routes)
    // The JSON API's areas are there; /api/docs is a page, so it is not one.
    expect([...areas.keys()].sort()).toEqual(
      expect.arrayContaining(['auth', 'bookings', 'pets', 'reviews', 'services', 'users']),
    )
    expect(areas.has('docs')).toBe(false)

    const compared = expectSameMatches(build.routes, samplePaths(build.routes), (path) => {
      const area = apiAreaOf(path)
      return area === null ? undefined : areas.get(area)
    })
    expect(compared).toBeGreaterThan(100)
  })

  it('name the area by the segment after /api only', () => {
    for (const [path, area] of [
      ['/api/auth', 'auth'],
      ['/api/auth/login', 'auth'],
      ['/api/bookings/date/2026-01-01', 'bookings'],
      ['/api/', ''],
      ['/API/auth', null],
      ['/apiauth', null],
      ['/pets', null],
    ] as const)
      expect(apiAreaOf(path), path).toBe(area)
  })
})

describe('the pages area', () => {
  it('picks the same route as the whole app for every page path', async () => {
    const build = await loadBuild()
    const pages = pagesBuild(build)!
    expect(pages).not.toBeNull()
    // No /api route is in it (the API docs page is reached through the whole app).
    expect(Object.keys(pages.routes).some((id) => id.startsWith('routes/api'))).toBe(false)
    expect(Object.keys(pages.assets.routes)).toEqual(Object.keys(pages.routes))
    const whole = treeOf(build.routes)
    const tree = treeOf(pages.routes)
    let compared = 0
    for (const path of samplePaths(build.routes)) {
      if (!isPagePath(path)) continue
      expect(matched(tree, path), path).toBe(matched(whole, path))
      compared++
    }
    expect(compared).toBeGreaterThan(100)
    expect(isPagePath('/API/auth')).toBe(false)
    expect(isPagePath('/%61pi/auth')).toBe(false)
    expect(isPagePath('/apiary')).toBe(true)
  })

  it('renders a page, a data request and a missing page as the whole app does', async () => {
    const build = await loadBuild()
    const wholeHandler = createRequestHandler(build, 'production')
    const pagesHandler = createRequestHandler(pagesBuild(build)!, 'production')
    const context = {
      cspNonce: 'test-nonce',
      clientIp: '127.0.0.1',
      requestId: 'test',
      logger: createLogger(),
    } as AppLoadContext
    for (const path of [
      '/',
      '/services',
      '/reviews?page=2',
      '/login',
      '/services.data',
      '/nowhere',
    ]) {
      const ask = async (handler: typeof wholeHandler) => {
        const response = await handler(new Request(`http://localhost${path}`), context)
        return {
          status: response.status,
          type: response.headers.get('content-type'),
          body: await response.text(),
        }
      }
      const [whole, area] = [await ask(wholeHandler), await ask(pagesHandler)]
      expect(area, path).toEqual(whole)
      expect(whole.body.length, path).toBeGreaterThan(100)
    }
  })
})

describe('the page areas (a handler per first segment of a page’s path)', () => {
  afterEach(() => setNow(undefined))

  it('pick the same route as all the pages for every page path', async () => {
    const pages = pagesBuild(await loadBuild())!
    const areas = pageAreas(pages)
    expect([...areas.keys()]).toEqual(expect.arrayContaining(['', 'pets', 'bookings', 'account']))
    for (const [first, area] of areas) {
      // Each holds the root, and its manifest names exactly its routes.
      expect(area.routes.root, first).toBeDefined()
      expect(Object.keys(area.assets.routes)).toEqual(Object.keys(area.routes))
      expect(Object.keys(area.routes).length).toBeLessThan(Object.keys(pages.routes).length / 2)
    }
    const compared = expectSameMatches(pages.routes, samplePaths(pages.routes), (path) => {
      const first = pageAreaOf(path)
      return first === null ? undefined : areas.get(first)?.routes
    })
    expect(compared).toBeGreaterThan(80)
  })

  it('name the area by the first segment, as React Router reads a data request', () => {
    for (const [path, area] of [
      ['/', ''],
      ['/_root.data', ''],
      ['/pets', 'pets'],
      ['/pets/', 'pets'],
      ['/pets/7/edit', 'pets'],
      ['/pets/7.data', 'pets'],
      ['/pets.data', 'pets'],
      ['/bookingsByDate.csv', 'bookingsByDate.csv'],
      ['/Pets', 'Pets'],
      ['//pets', null],
      ['/pets//7', null],
    ] as const)
      expect(pageAreaOf(path), path).toBe(area)
  })

  it('render every page, data request and refusal as all the pages do, signed in or not', async () => {
    const pages = pagesBuild(await loadBuild())!
    const allPages = createRequestHandler(pages, 'production')
    const byArea = new Map(
      [...pageAreas(pages)].map(([first, area]) => [
        first,
        createRequestHandler(area, 'production'),
      ]),
    )
    setNow('2031-05-20T12:00:00Z')
    const stay = await bookedStay({ dropOff: '2031-06-01 09:00', pickUp: '2031-06-03 17:00' })
    const owner = await createUser({ role: 'client' })
    const pet = await createPet({ owner, name: 'Biscuit', type: 'dog' })
    const manager = await clientFor(await createUser({ role: 'manager' }))
    const client = await clientFor(owner)
    const context = {
      cspNonce: 'test-nonce',
      clientIp: '127.0.0.1',
      requestId: 'test',
      logger: createLogger(),
    } as AppLoadContext
    const paths = [
      '/',
      '/_root.data',
      '/services',
      '/reviews',
      '/pets',
      '/pets.data',
      `/pets/${pet.id}`,
      `/pets/${pet.id}/edit`,
      `/pets/${pet.id}.data`,
      '/pets/new',
      '/pets/999999',
      '/pets/x/y/z',
      '/bookings',
      `/bookings/pet/${stay.pet.id}`,
      '/bookingsByDate?date=2031-06-02',
      '/bookingsByDate.csv?date=2031-06-02',
      '/my-bookings',
      '/users',
      '/settings',
      '/account',
      '/account/data',
      '/admin/outbox',
      '/login',
      '/logout',
    ]
    let rendered = 0
    for (const cookie of ['', manager.cookie, client.cookie])
      for (const path of paths) {
        const area = byArea.get(pageAreaOf(path.split('?')[0])!)!
        expect(area, path).toBeDefined()
        const ask = async (handler: typeof allPages) => {
          const response = await handler(
            new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
            context,
          )
          return {
            status: response.status,
            headers: [...response.headers].filter(([name]) => name !== 'set-cookie'),
            body: await response.text(),
          }
        }
        const [whole, narrow] = [await ask(allPages), await ask(area)]
        expect(narrow, `${path} (${cookie ? 'signed in' : 'visitor'})`).toEqual(whole)
        if (whole.status === 200 && whole.body.length > 1000) rendered++
      }
    // Signed in, the pages themselves were rendered (not only the way to log in).
    expect(rendered).toBeGreaterThan(20)
  })
})
