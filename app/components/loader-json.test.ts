import fc from 'fast-check'
import { createElement, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { assertJson, loaderJson, readLoaderJson, useLoaderJson, type Json } from './loader-json'

// Loader data sent as one JSON text: the browser must read back the very
// value the server rendered from, or the page it hydrates differs from the
// one it was sent; and what the server keeps beside the text must not be
// sent (React Router encodes an object's own string keys).

/** JSON values (-0 aside: JSON writes it as 0, and the check refuses it). */
const jsonValues = (depth?: number) =>
  fc.jsonValue({ maxDepth: depth }).map((v) => JSON.parse(JSON.stringify(v)) as Json)
const json = jsonValues()

/** JSON values with properties that are undefined here and there (JSON leaves them out). */
const withUndefinedProperties: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    jsonValues(2),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), fc.option(tie('value'), { nil: undefined }), {
      maxKeys: 4,
    }),
  ),
})).value

/** What the browser reads: the text alone, as React Router's encoding carries it. */
const inTheBrowser = <T>(payload: { json: string }) => readLoaderJson<T>({ json: payload.json })

/** A page that shows every value it is given, as a component reads its loader data. */
function Show({ payload }: { payload: ReturnType<typeof loaderJson> }): ReactNode {
  const value = useLoaderJson(payload)
  return createElement('pre', null, JSON.stringify(value), String(Object.keys(value ?? {})))
}

describe('loader data as one JSON text', () => {
  it('reads back in the browser as the value the server rendered from', () => {
    fc.assert(
      fc.property(withUndefinedProperties, (value) => {
        const payload = loaderJson(value)
        expect(inTheBrowser(payload)).toEqual(value)
        // The server reads the value itself, not a copy.
        expect(readLoaderJson(payload)).toBe(value)
      }),
    )
  })

  it('sends the text alone: the value the server keeps is no key of the object', () => {
    fc.assert(
      fc.property(json, (value) => {
        const payload = loaderJson(value)
        expect(Object.keys(payload)).toEqual(['json'])
        expect(JSON.parse(JSON.stringify(payload))).toEqual({ json: JSON.stringify(value) })
      }),
    )
  })

  it('renders the same markup from the value and from its text', () => {
    fc.assert(
      fc.property(json, (value) => {
        const payload = loaderJson(value)
        const onServer = renderToString(createElement(Show, { payload }))
        const inBrowser = renderToString(createElement(Show, { payload: { json: payload.json } }))
        expect(inBrowser).toBe(onServer)
      }),
    )
  })

  it('refuses, naming where, a value JSON would not bring back as it is', () => {
    class Row {
      id = 1
    }
    const refused: [unknown, RegExp][] = [
      [{ at: new Date(0) }, /loader data\.at is a Date/],
      [{ rows: [{ seen: new Map() }] }, /loader data\.rows\[0\]\.seen is a Map/],
      [[new Row()], /loader data\[0\] is a Row/],
      [{ price: Number.NaN }, /loader data\.price is NaN/],
      [{ price: Number.POSITIVE_INFINITY }, /is Infinity/],
      [{ price: -0 }, /loader data\.price is -0, which JSON writes as another number/],
      [{ list: [1, undefined] }, /loader data\.list\[1\] is undefined/],
      [{ list: [1, , 3] }, /loader data\.list\[1\] is undefined/],
      [{ big: BigInt(1) }, /loader data\.big is a bigint/],
      [{ go: () => 1 }, /loader data\.go is a function/],
    ]
    for (const [value, message] of refused)
      expect(() => loaderJson(value as Json), String(message)).toThrow(message)
    // What JSON does carry, undefined properties among it, passes.
    expect(() =>
      assertJson({ a: undefined, b: [null, '', 0, false, { c: Object.create(null) }] }, 'x'),
    ).not.toThrow()
  })
})
