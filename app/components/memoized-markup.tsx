/**
 * An element whose contents the server may write from markup it rendered
 * before, when the same inputs come again: React's cost goes with the number
 * of elements it renders, not with the length of the markup it writes, and
 * some parts of a page are many elements made from a little data that many
 * requests share — the site's frame (its menus and footer, about a quarter of
 * a signed-in page's elements), the day sheet's month, run sheet and each
 * entry's facts (about 60% of its elements, docs/decisions/053), and Manage
 * Pets' cards (057).
 *
 *   <MemoizedMarkup as="nav" aria-label="Main" memoKey={`nav ${JSON.stringify(items)}`} location={location}>
 *     <ul>…</ul>
 *   </MemoizedMarkup>
 *   <MemoizedMarkup as="dl" memoKey={`facts ${JSON.stringify(entry)}`}>
 *     {() => <EntryFacts entry={entry} />}
 *   </MemoizedMarkup>
 *
 * The rule that makes this safe: what the children show comes only from
 * `memoKey` and, when given, the page's `location` (path and query). Put in
 * the key every piece of data the children are made from (JSON of their props
 * does it); whatever is left out is shown as it was for the first request.
 * Children that read the location (a nav link's active state, a menu, a
 * confirm dialog's link) need `location`; without it they have no router and
 * fail loudly rather than show a wrong page's state. They are rendered in a
 * root of their own under a router of their own (not the page's data
 * router), so nothing in them may read other context — a form's action or
 * the navigation's state among it: forms go through `MemoizedInPageRouter`
 * (below), which gives them the page's router, or stay outside, or the piece
 * is rendered anew (`renderAnew`) on a request that shows one (an open
 * question's form) — and nothing may write into the markup what follows the piece's
 * place in the page's tree, an id from `useId`, which the browser's render
 * would not match. A component may keep state, or call `useId` for what it
 * shows only later in the browser: a closed confirm dialog is a plain link,
 * and its ids name the dialog it opens, written only once it is open. The
 * property test beside each use holds its markup to React's.
 *
 * Children given as a function are made only when they are rendered: on the
 * server, only when the memo has no markup for the key yet, so a request it
 * answers does not build a month's cells or a day's rows as elements first.
 *
 * In the browser, and wherever no memo is provided (component tests), the
 * children render as usual: the browser hydrates the element's children
 * against the markup, which is the same markup React writes for them.
 */
import {
  createContext,
  createElement,
  use,
  useContext,
  type Context,
  type HTMLAttributes,
  type ReactNode,
} from 'react'
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
} from 'react-router'

export type MemoLocation = { pathname: string; search: string }

/** Markup for `content`, rendered once per `key` (and `location`, when given) and reused. */
export type MarkupMemo = (key: string, content: () => ReactNode, location?: MemoLocation) => string

/** Provided by the server's renderer (app/entry.server.tsx); absent in the browser. */
export const MarkupMemoContext = createContext<MarkupMemo | null>(null)

export function MemoizedMarkup({
  as,
  memoKey,
  location,
  children,
  renderAnew = false,
  ...attributes
}: {
  as: 'nav' | 'footer' | 'div' | 'dl' | 'section' | 'ul'
  /** Names the children and every piece of data they are made from. */
  memoKey: string
  /** The page's location, for children that read it. */
  location?: MemoLocation
  /** The children, or a function that makes them (called only when they are rendered). */
  children: ReactNode | (() => ReactNode)
  /**
   * Render the children as usual on this request, as with no memo: they show
   * something the memo's rule keeps out (an open question's form).
   */
  renderAnew?: boolean
} & Omit<HTMLAttributes<HTMLElement>, 'children'>) {
  const memo = useContext(MarkupMemoContext)
  const content = () => (typeof children === 'function' ? children() : children)
  if (!memo || renderAnew) return createElement(as, attributes, content())
  return createElement(as, {
    ...attributes,
    dangerouslySetInnerHTML: { __html: memo(`${as} ${memoKey}`, content, location) },
  })
}

// What React Router's components and hooks read, in the order they nest.
const PAGE_ROUTER = [
  UNSAFE_FrameworkContext,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_ViewTransitionContext,
  UNSAFE_NavigationContext,
  UNSAFE_LocationContext,
  UNSAFE_RouteContext,
] as unknown as Context<unknown>[]

/**
 * `MemoizedMarkup` for a form: its children are rendered in the page's own
 * router (React Router's contexts, as the page has them where this stands),
 * so a `<Form>` finds its action and a submit button the navigation's state.
 *
 *   <MemoizedInPageRouter as="section" memoKey={`invite ${positions}`} renderAnew={!!lastResult}>
 *     {() => <InviteFormBody lastResult={lastResult} positions={positions} />}
 *   </MemoizedInPageRouter>
 *
 * The markup is kept per `memoKey`, route and page address (path and
 * query): what a form's action is made from. On the server the navigation
 * is always idle and there are no fetchers, so a form's pending state is the
 * same for every request; what differs from request to request is the
 * route's data, which the children must not read: put what they show in
 * `memoKey` or render them anew (a form that shows the result of its
 * submission). The rest of MemoizedMarkup's rule holds too.
 */
export function MemoizedInPageRouter({
  memoKey,
  children,
  ...props
}: Omit<Parameters<typeof MemoizedMarkup>[0], 'location'>) {
  const memo = useContext(MarkupMemoContext)
  if (!memo)
    return (
      <MemoizedMarkup memoKey={memoKey} {...props}>
        {children}
      </MemoizedMarkup>
    )
  const values = PAGE_ROUTER.map((context) => use(context))
  const routeId = use(UNSAFE_RouteContext).matches.at(-1)?.route.id
  const { pathname, search } = use(UNSAFE_LocationContext).location
  const content = () => (typeof children === 'function' ? children() : children)
  return (
    <MemoizedMarkup memoKey={`${memoKey}\n${routeId} ${pathname}${search}`} {...props}>
      {() =>
        PAGE_ROUTER.reduceRight<ReactNode>(
          (inner, context, i) => <context.Provider value={values[i]}>{inner}</context.Provider>,
          content(),
        )
      }
    </MemoizedMarkup>
  )
}
