/**
 * Server-side paging with plain ?page= links (work without JavaScript; other
 * query parameters are kept).
 *
 *   // loader
 *   const page = readPageParam(request.url)              // 1 when missing or invalid
 *   const { bookings, hasMore } = await listBookingsPage({ page, pageSize: PAGE_SIZE, … })
 *   // component
 *   <Pagination page={page} hasMore={hasMore} />          // "Page 2" + Previous / Next
 *   <Pagination page={page} hasMore={hasMore} label="Past bookings pages" />
 *
 * Fetch pageSize + 1 rows to know `hasMore` without counting the whole table.
 */
import { useLocation } from 'react-router'
import { Link } from './link'

export const PAGE_SIZE = 50

/** The ?page= of a URL as a whole number ≥ 1 (1 for anything else; capped to keep OFFSET sane). */
export function readPageParam(url: string | URL, param = 'page'): number {
  const raw = new URL(url).searchParams.get(param)
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1
  return Math.max(1, Number(raw))
}

export function Pagination({
  page,
  hasMore,
  param = 'page',
  label = 'Pagination',
}: {
  page: number
  hasMore: boolean
  param?: string
  label?: string
}) {
  const location = useLocation()
  if (page <= 1 && !hasMore) return null

  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search)
    if (target <= 1) params.delete(param)
    else params.set(param, String(target))
    const search = params.toString()
    return `${location.pathname}${search ? `?${search}` : ''}`
  }

  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination-status">Page {page}</p>
      <div className="pagination-links">
        {page > 1 ? (
          <Link className="btn btn-secondary btn-sm" to={hrefFor(page - 1)} rel="prev">
            <span aria-hidden="true">←</span> Previous
          </Link>
        ) : null}
        {hasMore ? (
          <Link className="btn btn-secondary btn-sm" to={hrefFor(page + 1)} rel="next">
            Next <span aria-hidden="true">→</span>
          </Link>
        ) : null}
      </div>
    </nav>
  )
}
