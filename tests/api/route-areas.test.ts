import {
  createRequestHandler,
  matchRoutes,
  type AppLoadContext,
  type RouteObject,
  type ServerBuild,
} from 'react-router'
import { describe, expect, it } from 'vitest'
import { apiAreaOf, apiAreas, isPagePath, pagesBuild } from '../../server/route-areas'
import { createLogger } from '../../server/logger'
import { loadBuild } from '../support/http'

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

    const whole = treeOf(build.routes)
    const paths = samplePaths(build.routes)
    let compared = 0
    for (const path of paths) {
      const area = apiAreaOf(path)
      const routes = area === null ? undefined : areas.get(area)
      if (!routes) continue
      expect(matched(treeOf(routes), path), path).toBe(matched(whole, path))
      compared++
    }
    expect(compared).toBeGreaterThan(100)
  })

  it('name the area by the segment after /api only', () => {
    expect(apiAreaOf('/api/auth')).toBe('auth')
    expect(apiAreaOf('/api/auth/login')).toBe('auth')
    expect(apiAreaOf('/api/bookings/date/2026-01-01')).toBe('bookings')
    expect(apiAreaOf('/api/')).toBe('')
    expect(apiAreaOf('/API/auth')).toBeNull()
    expect(apiAreaOf('/apiauth')).toBeNull()
    expect(apiAreaOf('/pets')).toBeNull()
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
