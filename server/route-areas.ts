import { createRequestHandler, type RequestHandler, type ServerBuild } from 'react-router'

// React Router finds a request's route by trying the app's routes in rank
// order (about 75 here), each from the root, twice per request; for a page it
// also builds a route object for every route of the app before rendering. For
// a short path such as /api/auth or /services that is nearly all of them:
// about a tenth of the CPU of a signed-in JSON call, a fifth of a page's.
//
// So the app is split into areas, each with a React Router request handler
// built from the same build with fewer routes — exactly those that could
// match the area's paths, ranked as before, so the same route answers, with
// React Router's own loaders, errors and headers:
//
//  - each area of the JSON API, by its segment after /api (auth, bookings,
//    pets…): the root, that area's resource routes, and any route that could
//    match every area (the /api catch-all);
//  - the pages: every route but those under /api (whose paths start with a
//    segment no page path has); and within them, each first segment of a
//    page's path (pets, bookings, account…, '' for /): the routes whose
//    path starts with it and their parents. A page renders only after React
//    Router has made a route object for every route of its handler, so a
//    handler of 4–9 routes instead of ~32 spares most of that.
//
// Anything else — /api/docs (a page under /api), an /api segment no route is
// named after, a path whose first segment is "api" in another case or
// escaped (React Router matches without case and decoded) — goes to the
// whole app's handler, as does the development server's every request; a
// page path with a first segment no route has (a missing page, another case)
// or with an empty segment goes to the handler of all the pages.

type Routes = ServerBuild['routes']

const isDynamic = (segment: string) => /^[:*]|\?$/.test(segment)

/** A route's full path, its parents' paths joined, as segments. */
function segmentsOf(routes: Routes, id: string): string[] {
  const route = routes[id]!
  const own = route.path ? route.path.split('/').filter(Boolean) : []
  return route.parentId ? [...segmentsOf(routes, route.parentId), ...own] : own
}

function withAncestors(routes: Routes, ids: Iterable<string>): Routes {
  const picked: Routes = {}
  for (const start of ids) {
    let id: string | undefined = start
    while (id !== undefined && !picked[id]) {
      picked[id] = routes[id]
      id = routes[id]!.parentId
    }
  }
  return picked
}

/**
 * The routes of each /api area, keyed by the area's segment, for the areas
 * made only of resource routes (no page under them). An area is left out —
 * its requests go to the whole app — when a route with a dynamic first
 * segment could also match it.
 */
export function apiAreas(routes: Routes): Map<string, Routes> {
  const areas = new Map<string, string[]>()
  const everyArea: string[] = []
  for (const id of Object.keys(routes)) {
    const [first, second] = segmentsOf(routes, id)
    if (first === undefined) continue
    if (isDynamic(first)) return new Map()
    if (first !== 'api' || second === undefined) continue
    if (isDynamic(second)) everyArea.push(id)
    else areas.set(second, [...(areas.get(second) ?? []), id])
  }
  const result = new Map<string, Routes>()
  for (const [area, ids] of areas) {
    const picked = withAncestors(routes, [...ids, ...everyArea])
    const onlyResources = Object.values(picked).every(
      (route) => route!.id === 'root' || !route!.module.default,
    )
    if (onlyResources) result.set(area, picked)
  }
  return result
}

/**
 * The app without its /api routes, for page requests: both its route modules
 * and the manifest its pages render from (a page's HTML names only the routes
 * it matched; the browser loads the whole manifest from its own file). Null
 * when a route with a dynamic first segment could match both.
 */
export function pagesBuild(build: ServerBuild): ServerBuild | null {
  const routes: Routes = {}
  for (const id of Object.keys(build.routes)) {
    const [first] = segmentsOf(build.routes, id)
    if (first !== undefined && isDynamic(first)) return null
    if (first?.toLowerCase() === 'api') continue
    routes[id] = build.routes[id]
  }
  return narrowed(build, routes)
}

/** A build with only these of its routes, both its route modules and its manifest. */
function narrowed(build: ServerBuild, routes: Routes): ServerBuild {
  const manifest: ServerBuild['assets']['routes'] = {}
  for (const id of Object.keys(routes)) manifest[id] = build.assets.routes[id]!
  return { ...build, routes, assets: { ...build.assets, routes: manifest } }
}

/**
 * The pages' builds by the first segment of their paths ('' for the routes
 * that match / only: the index and the layouts), each with the routes that
 * start with it and their parents — all that can match a path starting so.
 */
export function pageAreas(pages: ServerBuild): Map<string, ServerBuild> {
  const areas = new Map<string, string[]>()
  for (const id of Object.keys(pages.routes)) {
    const [first = ''] = segmentsOf(pages.routes, id)
    areas.set(first, [...(areas.get(first) ?? []), id])
  }
  const result = new Map<string, ServerBuild>()
  for (const [first, ids] of areas)
    result.set(first, narrowed(pages, withAncestors(pages.routes, ids)))
  return result
}

/**
 * The page area of a page's path: its first segment, '' for / (a data
 * request's `.data` suffix, and `/_root.data` for /, read as React Router
 * reads them); null for a path with an empty segment inside it.
 */
export function pageAreaOf(pathname: string): string | null {
  let path = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
  if (path === '/_root') path = '/'
  if (path.includes('//')) return null
  const end = path.indexOf('/', 1)
  return path.slice(1, end === -1 ? undefined : end)
}

/** The handler of the area a path belongs to, or null: the whole app's handler answers it. */
export function areaHandlers(build: ServerBuild, mode?: string) {
  const api = new Map<string, RequestHandler>()
  for (const [area, routes] of apiAreas(build.routes))
    api.set(area, createRequestHandler({ ...build, routes }, mode))
  const forPages = pagesBuild(build)
  const pages = forPages && createRequestHandler(forPages, mode)
  const byArea = new Map<string, RequestHandler>()
  if (forPages)
    for (const [first, areaBuild] of pageAreas(forPages))
      byArea.set(first, createRequestHandler(areaBuild, mode))
  const pageHandler = (path: string) => {
    const area = pageAreaOf(path)
    return (area !== null && byArea.get(area)) || pages
  }
  return (path: string): RequestHandler | null =>
    (pages && isPagePath(path) ? pageHandler(path) : api.get(apiAreaOf(path)!)) ?? null
}

/** Whether a request's path is a page's: its first segment is not "api" in any case, and it has no escapes. */
export const isPagePath = (pathname: string) =>
  !/^\/api(\/|$)/i.test(pathname) && !pathname.includes('%')

/** The area of an /api path ('auth' for /api/auth/login), or null. */
export function apiAreaOf(pathname: string): string | null {
  if (!pathname.startsWith('/api/')) return null
  const end = pathname.indexOf('/', 5)
  return pathname.slice(5, end === -1 ? undefined : end)
}
