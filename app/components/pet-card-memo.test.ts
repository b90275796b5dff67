import fc from 'fast-check'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import type { PetCard } from '~/domain/pet'
import { createMarkupMemo } from '~/markup-memo.server'
import { PetCardList } from './pet-card'
import { memoizedAsWithout, render } from '../../tests/support/memo-equality'

// The server writes a page of pet cards (/pets) from markup it rendered
// before for the same cards (memoized-markup.tsx): the browser hydrates it
// with what it renders itself, so it must be exactly what React writes
// without the memo, for any cards, whatever was memoized before.

// A few values for each field, markup's own characters among them.
const text = fc.constantFrom('', 'Rex', 'Ä <b>&amp;</b> "q"', "O'Neil", 'x'.repeat(90))
const cardArb: fc.Arbitrary<PetCard> = fc.record({
  id: fc.integer({ min: 1, max: 4 }),
  name: text,
  type: fc.constantFrom('dog' as const, 'cat' as const),
  preview_thumbnail: fc.constantFrom(null, '/photos/a-thumb.webp', '/photos/b "x".webp'),
  owner: fc.record({
    id: fc.integer({ min: 1, max: 3 }),
    username: fc.constantFrom('sam', 'jo'),
    fname: text,
    lname: text,
  }),
})
const listArb = fc.record({
  pets: fc.uniqueArray(cardArb, { maxLength: 3, selector: (p) => p.id }),
  showOwner: fc.boolean(),
  className: fc.constantFrom('pet-grid', 'pet-grid pet-grid-single'),
})

describe('a page of pet cards, memoized', () => {
  it('is written as React writes it without the memo, for any cards, whatever came before', async () => {
    // One memo for all the runs, as in a server.
    const memo = createMarkupMemo()
    await memoizedAsWithout(listArb, (props) => createElement(PetCardList, props), memo, {
      path: '/pets',
    })
    expect(memo.size()).toBeGreaterThan(0)
  })

  it('shows the owner only to staff, and a changed name at once', async () => {
    const memo = createMarkupMemo()
    const card: PetCard = {
      id: 1,
      name: 'Rex',
      type: 'dog',
      preview_thumbnail: null,
      owner: { id: 2, username: 'sam', fname: 'Sam', lname: 'Lee' },
    }
    // The markup without React's separators between adjacent texts.
    const page = async (pets: PetCard[], showOwner: boolean) =>
      (
        await render(
          createElement(PetCardList, { pets, showOwner, className: 'pet-grid' }),
          memo,
          '/pets',
        )
      ).replaceAll('<!-- -->', '')
    expect(await page([card], true)).toContain('Owner: Sam Lee')
    expect(await page([card], false)).not.toContain('Sam')
    expect(await page([{ ...card, name: 'Max' }], true)).toContain('>Max</a>')
  })
})
