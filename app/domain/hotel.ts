/** The hotel's name, in every title, mail and page. */
export const HOTEL_NAME = 'Whiskers & Wags'

/** A page <title>: "Pets · Whiskers & Wags" (the landing page: "Whiskers & Wags · Pet Hotel"). */
export function pageTitle(page?: string) {
  return page ? `${page} · ${HOTEL_NAME}` : `${HOTEL_NAME} · Pet Hotel`
}
