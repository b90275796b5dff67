import { z } from 'zod'

// The optional paging of the JSON lists (GET /api/reviews, /api/bookings,
// /api/pets): ?page= (from 1) and ?limit= (1–200, 50 when only page is
// given). Without either the list comes whole, as existing clients expect.

export const API_PAGE_DEFAULT_LIMIT = 50
export const API_PAGE_MAX_LIMIT = 200
// OFFSET grows with the page; past this no list of the hotel has rows.
const MAX_PAGE = 1_000_000

const wholeNumber = (message: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message))

export const apiPagingSchema = z.object({
  page: wholeNumber(`page must be a whole number from 1 to ${MAX_PAGE}`, MAX_PAGE).default(1),
  limit: wholeNumber(
    `limit must be a whole number from 1 to ${API_PAGE_MAX_LIMIT}`,
    API_PAGE_MAX_LIMIT,
  ).default(API_PAGE_DEFAULT_LIMIT),
})

export type ApiPaging = z.infer<typeof apiPagingSchema>
