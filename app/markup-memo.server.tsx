import type { ReactNode } from 'react'
import { StaticRouter } from 'react-router'
// The string renderer of the same package the pages are rendered with.
import { renderToString } from 'react-dom/server.bun'
import type { MarkupMemo, MemoLocation } from '~/components/memoized-markup'

/**
 * The server's memo for `<MemoizedMarkup>` (components/memoized-markup.tsx):
 * the markup React writes for a piece of the page, rendered on its key's first
 * request and reused by the ones after.
 *
 * It holds at most `limit` pieces and `budget` characters of keys and markup
 * together, dropping the oldest first: keys hold the data a piece is made
 * from (a month of occupancy, a day's run sheet) and the page's path where the
 * piece reads it, and there are as many as the hotel has days, pets and
 * bookings. A piece larger than a sixteenth of the budget is rendered each
 * time and not kept. A dropped piece is rendered again when asked for, as it
 * would be with no memo. Nothing in it needs invalidating: a piece is a
 * function of its key, and a new release starts new processes.
 */
export function createMarkupMemo(
  limit = 1_000,
  budget = 8_000_000,
): MarkupMemo & { size: () => number; characters: () => number } {
  const pieces = new Map<string, string>()
  let characters = 0
  const memo = (key: string, content: () => ReactNode, location?: MemoLocation) => {
    const full = location ? `${key}\n${location.pathname}${location.search}` : key
    let markup = pieces.get(full)
    if (markup === undefined) {
      // A render of its own, so the page's routing is not there: a piece that
      // reads the location gets it from a router made for it (links and
      // menus read nothing else), and one given none fails if it reads it.
      markup = renderToString(
        location ? (
          <StaticRouter location={{ pathname: location.pathname, search: location.search }}>
            {content()}
          </StaticRouter>
        ) : (
          content()
        ),
      )
      const size = full.length + markup.length
      if (size > budget / 16) return markup
      while (pieces.size >= limit || characters + size > budget) {
        const [oldest, its] = pieces.entries().next().value!
        pieces.delete(oldest)
        characters -= oldest.length + its.length
      }
      pieces.set(full, markup)
      characters += size
    }
    return markup
  }
  return Object.assign(memo, { size: () => pieces.size, characters: () => characters })
}
