/** The hotel's name, in every title, mail and page. */
export const HOTEL_NAME = 'Whiskers & Wags'

/** A page <title>: "Pets · Whiskers & Wags" (the landing page: "Whiskers & Wags · Pet Hotel"). */
export function pageTitle(page?: string) {
  return page ? `${page} · ${HOTEL_NAME}` : `${HOTEL_NAME} · Pet Hotel`
}

/**
 * A page's <title> and <meta name="description"> (the line search engines and
 * link previews show), for a route's `meta` export. A route's meta replaces its
 * parents', so every page states both.
 *
 *   export const meta: Route.MetaFunction = () => pageMeta('Reviews', 'Paw-rated reviews …')
 */
export function pageMeta(page: string | undefined, description: string) {
  return [{ title: pageTitle(page) }, { name: 'description', content: description }]
}
