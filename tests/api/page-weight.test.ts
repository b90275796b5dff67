import { beforeAll, expect, it } from 'vitest'
import { createReview, createUser } from '../support/factories'
import { startServer } from '../support/http'

// A page of reviews draws five paws per review: each paw refers to one paw
// symbol in the page rather than repeating its shapes, which made a page of
// 50 reviews weigh 185 KB.

let base: string
beforeAll(async () => {
  base = await startServer()
  const author = await createUser({ role: 'client' })
  for (let i = 0; i < 20; i++) await createReview({ author, paws: (i % 5) + 1 })
})

const count = (html: string, needle: string) => html.split(needle).length - 1

it('draws every paw of the reviews page from one symbol', async () => {
  const res = await fetch(`${base}/reviews`)
  const html = await res.text()
  const reviews = count(html, 'class="review-quote"')
  expect(reviews).toBeGreaterThanOrEqual(20)
  expect(count(html, '<symbol id="paw-glyph"')).toBe(1)
  expect(count(html, '<use href="#paw-glyph"')).toBe(5 * reviews)
  // The shapes of a paw (four toes and a pad) appear once, in the symbol.
  expect(count(html, '<ellipse')).toBe(4)
})
