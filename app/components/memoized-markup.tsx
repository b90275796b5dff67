/**
 * An element whose contents the server may write from markup it rendered
 * before, when the same inputs come again: the site's frame (its menus and
 * footer) is about a quarter of a signed-in page's elements, and React's cost
 * goes with the number of elements it renders, not with the length of the
 * markup it writes.
 *
 *   <MemoizedMarkup as="nav" aria-label="Main" memoKey={`nav ${JSON.stringify(items)}`} location={location}>
 *     <ul>…</ul>
 *   </MemoizedMarkup>
 *
 * The rule that makes this safe: what the children show comes only from
 * `memoKey` and, when given, the page's `location` (path and query). Put in
 * the key every piece of data the children are made from, and keep anything
 * of one person (a name, a count of their own) outside, rendered as usual.
 * Children that read the location (a nav link's active state, a menu) need
 * `location`; without it they have no router and fail loudly rather than
 * show a wrong page's state.
 *
 * In the browser, and wherever no memo is provided (component tests), the
 * children render as usual: the browser hydrates the element's children
 * against the markup, which is the same markup React writes for them.
 */
import {
  createContext,
  createElement,
  useContext,
  type HTMLAttributes,
  type ReactNode,
} from 'react'

export type MemoLocation = { pathname: string; search: string }

/** Markup for `content`, rendered once per `key` (and `location`, when given) and reused. */
export type MarkupMemo = (key: string, content: ReactNode, location?: MemoLocation) => string

/** Provided by the server's renderer (app/entry.server.tsx); absent in the browser. */
export const MarkupMemoContext = createContext<MarkupMemo | null>(null)

export function MemoizedMarkup({
  as,
  memoKey,
  location,
  children,
  ...attributes
}: {
  as: 'nav' | 'footer'
  /** Names the children and every piece of data they are made from. */
  memoKey: string
  /** The page's location, for children that read it. */
  location?: MemoLocation
  children: ReactNode
} & HTMLAttributes<HTMLElement>) {
  const memo = useContext(MarkupMemoContext)
  if (!memo) return createElement(as, attributes, children)
  return createElement(as, {
    ...attributes,
    dangerouslySetInnerHTML: { __html: memo(`${as} ${memoKey}`, children, location) },
  })
}
