/**
 * A month of occupancy at a glance: a heat-map calendar whose cells are
 * shaded by the busiest unit of the day, each with its numbers as text (a
 * short visible percentage, and the full counts for screen readers). Every
 * day links to its day sheet.
 *
 *   <OccupancyCalendar month="2026-03" days={days} capacity={capacity} selected="2026-03-10" />
 */
import { Link } from './link'
import { MemoizedMarkup } from './memoized-markup'
import type { Occupancy } from '~/domain/capacity'
import { formatMonth, formatWallDateLong, weekdayIndex, type IsoDate } from '~/domain/hotel-time'
import './booking-pages.css'

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const

/** The fullest unit's share of its capacity, 0…1 (a unit with no places counts as full when used). */
export function busiestShare(o: Occupancy, capacity: Occupancy): number {
  let share = 0
  for (const unit of Object.keys(o) as (keyof Occupancy)[]) {
    const cap = capacity[unit]
    const s = cap > 0 ? o[unit] / cap : o[unit] > 0 ? 1 : 0
    if (s > share) share = s
  }
  return Math.min(share, 1)
}

export function heatLevel(share: number): number {
  if (share <= 0) return 0
  if (share >= 1) return 5
  return Math.min(4, 1 + Math.floor(share * 4))
}

type CalendarProps = {
  month: string
  days: { date: IsoDate; occupancy: Occupancy }[]
  capacity: Occupancy
  selected: IsoDate
  today: IsoDate
}

// The server writes a month once for each set of its numbers (memoized-markup.tsx):
// its ~190 elements were a quarter of the day sheet's.
export function OccupancyCalendar(props: CalendarProps) {
  const { month, days, capacity, selected, today } = props
  return (
    <MemoizedMarkup
      as="div"
      className="occupancy-calendar"
      memoKey={`calendar ${JSON.stringify([month, days, capacity, selected, today])}`}
    >
      {() => <CalendarBody {...props} />}
    </MemoizedMarkup>
  )
}

function CalendarBody({ month, days, capacity, selected, today }: CalendarProps) {
  const lead = days.length ? weekdayIndex(days[0].date) : 0
  const cells: ({ date: IsoDate; occupancy: Occupancy } | null)[] = [
    ...Array(lead).fill(null),
    ...days,
  ]
  while (cells.length % 7) cells.push(null)
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7))

  // Each cell's text is one string, not a text node for each of its parts:
  // React writes a marker between adjacent text nodes for the browser to
  // match, and a month's cells made ~480 of them.
  return (
    <>
      <table className="heatmap">
        <caption>Occupancy in {formatMonth(month)}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col">
                <abbr title={long}>{short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((cell, i) => {
                if (!cell) return <td key={i} className="heatmap-empty" />
                const share = busiestShare(cell.occupancy, capacity)
                const percent = Math.round(share * 100)
                const o = cell.occupancy
                const day = Number(cell.date.slice(8, 10))
                return (
                  <td
                    key={cell.date}
                    className={`heat-${heatLevel(share)}${cell.date === selected ? ' heatmap-selected' : ''}${cell.date === today ? ' heatmap-today' : ''}`}
                  >
                    <Link
                      to={`/bookingsByDate?date=${cell.date}`}
                      aria-current={cell.date === selected ? 'date' : undefined}
                      className="heatmap-link"
                    >
                      <span className="heatmap-day" aria-hidden="true">
                        {day}
                      </span>
                      <span className="heatmap-share" aria-hidden="true">{`${percent}%`}</span>
                      <span className="visually-hidden">
                        {`${formatWallDateLong(cell.date)}: dogs ${o.dog_kennel} of ${capacity.dog_kennel}, cats ${o.cat_condo} of ${capacity.cat_condo}, day care ${o.day_care} of ${capacity.day_care}`}
                      </span>
                    </Link>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="heatmap-legend text-sm muted">
        Shade and percentage: the fullest of dog kennels, cat condos and day-care places that day.{' '}
        <span className="heat-swatch heat-1" aria-hidden="true" /> quiet{' '}
        <span className="heat-swatch heat-3" aria-hidden="true" /> busy{' '}
        <span className="heat-swatch heat-5" aria-hidden="true" /> full
      </p>
    </>
  )
}
