import { useMemo } from 'react'

// A page's loader data sent to the browser as one JSON text.
//
// React Router sends loader data in its own encoding (turbo-stream), which
// visits every value one by one — an index for each, a lookup for repeats,
// a check for each of the types it can carry — and costs about eight times
// what JSON.stringify does for the same data: ~0.3 ms of the server's CPU
// for the day sheet's 6 KB (measured apart, 2026-12-02), a tenth of its
// request. A loader whose data is plain JSON (strings, finite numbers,
// booleans, null, arrays and plain objects; no Date, Map or undefined but as
// a property's value) returns `loaderJson(data)` instead: React Router then
// encodes a single string. The type says so, and outside production each
// value is also checked as it goes (a row's column typed as text that is in
// fact a Date would render one way on the server and another in the browser).
//
// The page reads it back with `useLoaderJson(loaderData)`. On the server the
// render reads the value the loader made (kept under a symbol, which the
// encoding leaves out: it sends an object's own string keys only); in the
// browser the text is parsed once per loader answer. Both give the same
// page, since the value is JSON: the text is that value, written out.

/** Where the server keeps the value itself, beside its text. */
const VALUE: unique symbol = Symbol.for('pet-hotel.loader-json.value')

/**
 * What JSON carries as it is. A property may be undefined: JSON leaves it
 * out, and the browser reads it as undefined all the same (an array's
 * undefined would come back as null, so an array may not hold one).
 */
export type Json =
  string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json | undefined }

/** Loader data as its JSON text (the value itself too, on the server). */
export type LoaderJson<T> = { readonly json: string; readonly [VALUE]?: T }

/** `data` as the JSON text a page's loader returns. */
export function loaderJson<T extends Json>(data: T): LoaderJson<T> {
  if (process.env.NODE_ENV !== 'production') assertJson(data, 'loader data')
  return { json: JSON.stringify(data), [VALUE]: data }
}

/** Throws unless `value` reads back from its JSON text as it is (see Json). */
export function assertJson(value: unknown, at: string): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return
  if (typeof value === 'number') {
    if (Number.isFinite(value) && !Object.is(value, -0)) return
    const shown = Object.is(value, -0) ? '-0' : String(value)
    throw new TypeError(`${at} is ${shown}, which JSON writes as another number or null`)
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (!(i in value) || value[i] === undefined)
        throw new TypeError(`${at}[${i}] is undefined, which JSON writes as null`)
      assertJson(value[i], `${at}[${i}]`)
    }
    return
  }
  const prototype = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined
  if (prototype !== Object.prototype && prototype !== null) {
    const kind =
      typeof value === 'object' ? (prototype?.constructor?.name ?? 'object') : typeof value
    throw new TypeError(`${at} is a ${kind}, which JSON does not carry as it is`)
  }
  for (const [key, item] of Object.entries(value as object))
    if (item !== undefined) assertJson(item, `${at}.${key}`)
}

/** The value of loader data sent as JSON text (`loaderJson`), outside a component (a `meta`). */
export function readLoaderJson<T>(payload: LoaderJson<T>): T {
  return payload[VALUE] ?? (JSON.parse(payload.json) as T)
}

/** The value of a page's loader data sent as JSON text, parsed once per answer. */
export function useLoaderJson<T>(payload: LoaderJson<T>): T {
  return useMemo(() => readLoaderJson(payload), [payload])
}
