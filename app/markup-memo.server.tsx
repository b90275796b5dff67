import type { ReactNode } from 'react'
import { StaticRouter } from 'react-router'
// The string renderer of the same package the pages are rendered with.
import { renderToString } from 'react-dom/server.bun'
import type { MarkupMemo, MemoLocation } from '~/components/memoized-markup'

/** Longer keys (an address with a query of a few kilobytes, say) are not kept. */
const MAX_KEY = 1_000

/**
 * The server's memo for `<MemoizedMarkup>` (components/memoized-markup.tsx):
 * the markup React writes for a piece of the page, rendered on its key's first
 * request and reused by the ones after.
 *
 * It holds at most `limit` pieces, dropping the oldest first: keys include
 * the page's path where the piece reads it, and paths are as many as the
 * hotel has pets and bookings. A dropped piece is rendered again when asked
 * for, as it would be with no memo. Nothing in it needs invalidating: a piece
 * is a function of its key, and a new release starts new processes.
 */
export function createMarkupMemo(limit = 1_000): MarkupMemo & { size: () => number } {
  const pieces = new Map<string, string>()
  const memo = (key: string, content: ReactNode, location?: MemoLocation) => {
    const full = location ? `${key}\n${location.pathname}${location.search}` : key
    let markup = pieces.get(full)
    if (markup === undefined) {
      // A render of its own, so the page's routing is not there: a piece that
      // reads the location gets it from a router made for it (links and
      // menus read nothing else), and one given none fails if it reads it.
      markup = renderToString(
        location ? (
          <StaticRouter location={{ pathname: location.pathname, search: location.search }}>
            {content}
          </StaticRouter>
        ) : (
          content
        ),
      )
      // A long address is rendered but not kept: a thousand of them would
      // hold megabytes of keys.
      if (full.length > MAX_KEY) return markup
      if (pieces.size >= limit) pieces.delete(pieces.keys().next().value!)
      pieces.set(full, markup)
    }
    return markup
  }
  return Object.assign(memo, { size: () => pieces.size })
}
