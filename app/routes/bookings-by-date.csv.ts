import { stringify } from 'csv-stringify/sync'
import type { Route } from './+types/bookings-by-date.csv'
import { calendarDateProblem } from '~/domain/hotel-time'
import { canSeeDaySheet } from '~/domain/permissions'
import { RUN_SHEET_COLUMNS, runSheetLines } from '~/domain/run-sheet'
import { requireUser } from '~/http/auth.server'
import { pageHandler } from '~/http/form.server'
import { hotelClock } from '~/infra/clock.server'
import { getDaySheet } from '~/models/booking/day-sheet.server'

// GET /bookingsByDate.csv?date=YYYY-MM-DD — the day's run sheet as a CSV
// download (staff): one line per pet, the columns of the printed sheet.
// csv-stringify quotes what needs quoting and, with escape_formulas, puts a
// quote before a cell that starts with = + - @ or a tab, so a pet named
// "=HYPERLINK(…)" stays text when the file is opened in a spreadsheet. The
// byte-order mark tells Excel the file is UTF-8.
export const loader = pageHandler(async ({ request, url }: Route.LoaderArgs) => {
  const actor = await requireUser(request, { can: canSeeDaySheet })
  const raw = url.searchParams.get('date')?.trim() ?? ''
  const { today } = hotelClock()
  const problem = raw === '' ? null : calendarDateProblem(raw, today)
  if (problem)
    return new Response(`${problem}\n`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  const date = raw || today
  const { sheet } = await getDaySheet({ date, actor })
  const lines = runSheetLines(sheet)
  const body = stringify(
    [
      RUN_SHEET_COLUMNS.map(([, heading]) => heading),
      ...lines.map((line) => RUN_SHEET_COLUMNS.map(([key]) => String(line[key]))),
    ],
    { escape_formulas: true, bom: true, record_delimiter: 'windows' },
  )
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="run-sheet-${date}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
})
