import fc from 'fast-check'
import { createElement, type ReactElement } from 'react'
import { renderToString } from 'react-dom/server.bun'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { expect } from 'vitest'
import { MarkupMemoContext, type MarkupMemo } from '../../app/components/memoized-markup'

// For the tests that hold a piece the server writes from its memo
// (app/components/memoized-markup.tsx) to what React writes for it without
// one: the browser hydrates that markup with what it renders itself, so the
// two must be the same for any data, whatever was memoized before.

/**
 * `element` as the server renders it in a page at `path`, a path with or
 * without a search (inside a data router: forms need one).
 */
export function render(element: ReactElement, memo: MarkupMemo | null, path = '/') {
  return renderRoutes(
    [{ id: 'page', path: path.split('?')[0], Component: () => element }],
    memo,
    path,
  )
}

/** The page at `path` as the server renders it with these routes (a piece's route decides some of its markup). */
export async function renderRoutes(
  routes: Parameters<typeof createStaticHandler>[0],
  memo: MarkupMemo | null,
  path: string,
): Promise<string> {
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(`http://localhost${path}`))
  if (context instanceof Response) throw new Error('unexpected redirect')
  const router = createStaticRouter(handler.dataRoutes, context)
  const page = createElement(StaticRouterProvider, { router, context, hydrate: false })
  return renderToString(
    memo ? createElement(MarkupMemoContext.Provider, { value: memo }, page) : page,
  )
}

/** Every path to a leaf of `value` (arrays are leaves: a list is changed whole). */
function leafPaths(value: unknown, at: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [at]
  return Object.entries(value).flatMap(([key, v]) => leafPaths(v, [...at, key]))
}

const getAt = (value: unknown, path: string[]) =>
  path.reduce<unknown>((v, key) => (v as Record<string, unknown> | null)?.[key], value)

/**
 * `a`, then a copy of `a` for each of its fields that `b` has otherwise, with
 * `b`'s value there: pieces that differ from one seen before in one thing
 * only, which is what a key that leaves that thing out would confuse.
 */
export function oneChangeAtATime<T>(a: T, b: T): T[] {
  const out = [a]
  for (const path of leafPaths(a)) {
    const from = getAt(b, path)
    if (from === undefined || JSON.stringify(from) === JSON.stringify(getAt(a, path))) continue
    const copy = structuredClone(a) as Record<string, unknown>
    let into = copy
    for (const key of path.slice(0, -1)) into = into[key] as Record<string, unknown>
    into[path[path.length - 1]] = structuredClone(from)
    out.push(copy as T, a)
  }
  return out
}

/**
 * For random pairs of inputs, the piece `toElement` makes from the first and
 * from each of its one-field changes renders the same with `memo` as without,
 * on the page at `path` (or the page the input names, for a piece that reads
 * the page's address).
 */
export async function memoizedAsWithout<T>(
  inputs: fc.Arbitrary<T>,
  toElement: (input: T) => ReactElement,
  memo: MarkupMemo,
  { path = '/', numRuns = 40 }: { path?: string | ((input: T) => string); numRuns?: number } = {},
) {
  await fc.assert(
    fc.asyncProperty(inputs, inputs, async (a, b) => {
      for (const input of oneChangeAtATime(a, b)) {
        const piece = toElement(input)
        const at = typeof path === 'function' ? path(input) : path
        expect(await render(piece, memo, at)).toBe(await render(piece, null, at))
      }
    }),
    { numRuns },
  )
}
