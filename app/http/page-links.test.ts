import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pageLinks } from './json-list.server'

// pageLinks parses the request's URL once and writes each link from its
// parts. It must write what setting `page` and `limit` on a fresh URL object
// per link writes, for any URL a request may carry: other parameters kept in
// place and encoded as URLSearchParams encodes them, `page` or `limit` given
// twice, in either order, or not at all.

/** The links as one URL object per link writes them (how pageLinks was first written). */
function oneUrlPerLink(
  url: string,
  { page, limit }: { page: number; limit: number },
  more: boolean,
) {
  const linkTo = (target: number) => {
    const u = new URL(url)
    u.searchParams.set('page', String(target))
    u.searchParams.set('limit', String(limit))
    return `<${u.href}>`
  }
  const links = [`${linkTo(1)}; rel="first"`]
  if (page > 1) links.push(`${linkTo(page - 1)}; rel="prev"`)
  if (more) links.push(`${linkTo(page + 1)}; rel="next"`)
  return links.join(', ')
}

const param = fc.tuple(
  fc.oneof(fc.constantFrom('page', 'limit', 'q', 'a b', '%20', 'p%61ge', ''), fc.string()),
  fc.oneof(fc.constantFrom('1', '50', '', '%zz', 'x+y', '&', '='), fc.string()),
)
const query = fc
  .array(param, { maxLength: 5 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'))
const url = fc
  .tuple(
    fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.constant('http://127.0.0.1:4000/api/bookings'),
    ),
    fc.option(query),
    fc.option(fc.string(), { nil: undefined }),
  )
  .map(([base, q, hash]) => {
    const bare = base.split('?')[0].split('#')[0]
    return `${q === null ? base : `${bare}?${q}`}${hash === undefined ? '' : `#${hash}`}`
  })
  .filter((u) => URL.canParse(u))

describe('pageLinks', () => {
  it('writes what one URL object per link writes, for any URL, page, limit and whether there is more', () => {
    fc.assert(
      fc.property(
        url,
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 200 }),
        fc.boolean(),
        (u, page, limit, more) => {
          expect(pageLinks(u, { page, limit }, more)).toBe(oneUrlPerLink(u, { page, limit }, more))
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('links a first page of bookings to its next', () => {
    expect(pageLinks('http://hotel.test/api/bookings?page=1', { page: 1, limit: 50 }, true)).toBe(
      '<http://hotel.test/api/bookings?page=1&limit=50>; rel="first", ' +
        '<http://hotel.test/api/bookings?page=2&limit=50>; rel="next"',
    )
  })
})
