// Hotel wall-clock time. Bookings are stored and exchanged as the hotel's local
// wall-clock time ('YYYY-MM-DD HH:MM:SS'), so rules compare wall-clock strings
// and count days on the calendar; the only conversion from a real instant is
// `hotelWallClock`, which asks Intl for the hotel zone's reading of that instant.
// Nothing here reads the machine's own time zone.

export type WallDateTime = string // 'YYYY-MM-DD HH:MM:SS'
export type IsoDate = string // 'YYYY-MM-DD'

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatterFor(timeZone: string) {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, f)
  }
  return f
}

// The last reading, kept: a request asks for "now" several times within one
// second, and Intl's reading is the dearest step of it.
let lastReading: { timeZone: string; second: number; wall: WallDateTime } | undefined

/** The hotel's wall-clock reading of an instant (to the second). */
export function hotelWallClock(instant: Date, timeZone: string): WallDateTime {
  const second = Math.floor(instant.getTime() / 1000)
  if (lastReading?.second === second && lastReading.timeZone === timeZone) return lastReading.wall
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  )
  const wall = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`
  lastReading = { timeZone, second, wall }
  return wall
}

/**
 * The instant at which the hotel's wall clock reads `wall` (a calendar file
 * needs instants). In the hour a clock skips in spring there is none: the
 * answer is an hour later; in the hour it repeats in autumn, the first.
 */
export function wallToInstant(wall: WallDateTime, timeZone: string): Date {
  const asUtc = (w: string) => Date.parse(`${w.replace(' ', 'T')}Z`)
  const target = asUtc(wall)
  let instant = target
  // Twice: the offset at the first guess may differ from the offset at the answer (DST).
  for (let i = 0; i < 2; i++) instant += target - asUtc(hotelWallClock(new Date(instant), timeZone))
  return new Date(instant)
}

export function hotelToday(instant: Date, timeZone: string): IsoDate {
  return hotelWallClock(instant, timeZone).slice(0, 10)
}

export function isValidIsoDate(value: string): boolean {
  const m = DATE_RE.exec(value)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (y < 1900 || y > 9999 || mo < 1 || mo > 12 || d < 1) return false
  return d <= daysInMonth(y, mo)
}

function daysInMonth(year: number, month: number) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

export type WallParts = { date: IsoDate; hour: number; minute: number; second: number }

/** Parses 'YYYY-MM-DD HH:MM[:SS]' (a 'T' separator is accepted); null when not a real date-time. */
export function parseWallDateTime(value: string): WallParts | null {
  const m = DATE_TIME_RE.exec(value.trim())
  if (!m) return null
  const date = `${m[1]}-${m[2]}-${m[3]}`
  if (!isValidIsoDate(date)) return null
  const hour = Number(m[4])
  const minute = Number(m[5])
  const second = m[6] === undefined ? 0 : Number(m[6])
  if (hour > 23 || minute > 59 || second > 59) return null
  return { date, hour, minute, second }
}

export function formatWall({ date, hour, minute, second }: WallParts): WallDateTime {
  return `${date} ${pad(hour)}:${pad(minute)}:${pad(second)}`
}

function pad(n: number) {
  return String(n).padStart(2, '0')
}

/**
 * Calendar arithmetic on dates; independent of any time zone. A step that
 * stays within days 1–28 of the month is done on the text (the occupancy of
 * a month walks every night of every stay in it: thousands of steps a page).
 */
export function addDays(date: IsoDate, days: number): IsoDate {
  const day = (date.charCodeAt(8) - 48) * 10 + (date.charCodeAt(9) - 48) + days
  if (day >= 1 && day <= 28 && date.length === 10)
    return `${date.slice(0, 8)}${day < 10 ? '0' : ''}${day}`
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

/** Whole calendar days from a to b (b - a). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  const [ay, am, ad] = a.split('-').map(Number)
  const [by, bm, bd] = b.split('-').map(Number)
  return Math.round((Date.UTC(by, bm - 1, bd) - Date.UTC(ay, am - 1, ad)) / 86_400_000)
}

/** Dates from start (inclusive) to end (exclusive). */
export function datesFrom(start: IsoDate, endExclusive: IsoDate): IsoDate[] {
  const out: IsoDate[] = []
  for (let d = start; d < endExclusive; d = addDays(d, 1)) out.push(d)
  return out
}

/** Seconds between two wall-clock readings as a wall clock counts them (a DST change adds or loses nothing). */
export function wallSecondsBetween(a: WallDateTime, b: WallDateTime): number {
  return wallToEpochSeconds(b) - wallToEpochSeconds(a)
}

function wallToEpochSeconds(value: WallDateTime): number {
  const p = parseWallDateTime(value)
  if (!p) throw new Error(`Not a wall-clock date-time: ${value}`)
  const [y, m, d] = p.date.split('-').map(Number)
  return Date.UTC(y, m - 1, d, p.hour, p.minute, p.second) / 1000
}

export function firstOfMonth(month: string): IsoDate {
  return `${month}-01`
}

export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number)
  const d = new Date(Date.UTC(y, m - 1 + delta, 1))
  return d.toISOString().slice(0, 7)
}

// ---- display ----
// A wall-clock reading is shown exactly as written, by plain string work: no
// zone (server's or browser's) can shift it, and the server and the browser
// render the very same text (no ICU differences between them).

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/**
 * The number written at value[start, start + length): read from the digits,
 * with no string or array made for it (a day sheet formats several hundred
 * dates a page; the text is always this module's zero-padded form).
 */
function digitsAt(value: string, start: number, length: number): number {
  let n = 0
  for (let i = start; i < start + length; i++) n = n * 10 + value.charCodeAt(i) - 48
  return n
}

/** Tomohiko Sakamoto's offsets: the weekday a month starts on, relative to a year's. */
const MONTH_OFFSETS = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]

/** Day of the week of a date, Monday = 0 … Sunday = 6 (the Gregorian calendar, by arithmetic). */
export function weekdayIndex(date: IsoDate): number {
  const m = digitsAt(date, 5, 2)
  // January and February count with the year before (its leap day falls before them).
  const y = digitsAt(date, 0, 4) - (m < 3 ? 1 : 0)
  const sunday0 =
    (y +
      Math.floor(y / 4) -
      Math.floor(y / 100) +
      Math.floor(y / 400) +
      MONTH_OFFSETS[m - 1] +
      digitsAt(date, 8, 2)) %
    7
  return (sunday0 + 6) % 7
}

function dateParts(value: string) {
  return {
    y: digitsAt(value, 0, 4),
    m: digitsAt(value, 5, 2),
    d: digitsAt(value, 8, 2),
    weekday: WEEKDAYS[weekdayIndex(value)],
  }
}

/** '2026-03-10' or '2026-03-10 10:00:00' → 'Tue, Mar 10, 2026'. */
export function formatWallDate(value: string): string {
  const { y, m, d, weekday } = dateParts(value)
  return `${weekday.slice(0, 3)}, ${MONTHS[m - 1].slice(0, 3)} ${d}, ${y}`
}

/** '2026-03-10' → 'Tuesday, March 10, 2026'. */
export function formatWallDateLong(value: string): string {
  const { y, m, d, weekday } = dateParts(value)
  return `${weekday}, ${MONTHS[m - 1]} ${d}, ${y}`
}

/** '2026-03-10 10:00:00' (or '10:00') → '10:00 AM'. */
export function formatWallTime(value: string): string {
  const at = value.length > 10 ? 11 : 0
  const h = digitsAt(value, at, 2)
  const min = digitsAt(value, at + 3, 2)
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(min)} ${h < 12 ? 'AM' : 'PM'}`
}

/** '2026-03-10 10:00:00' → 'Tue, Mar 10, 2026, 10:00 AM'. */
export function formatWallDateTime(value: WallDateTime): string {
  return `${formatWallDate(value)}, ${formatWallTime(value)}`
}

/** '2026-03' → 'March 2026'. */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number)
  return `${MONTHS[m - 1]} ${y}`
}

// ---- the calendar the hotel keeps ----
// Dates asked about (the day sheet, bookings by date) lie between the year
// 2000 and ten years from today: anything else is a typo or a probe, and
// date arithmetic far out (the year 9999 and beyond) is where bugs live.

export const CALENDAR_START: IsoDate = '2000-01-01'
export const CALENDAR_YEARS_AHEAD = 10

/** The last date the calendar accepts: ten years from today (Feb 29 → Feb 28). */
export function calendarEnd(today: IsoDate): IsoDate {
  const [y, m, d] = today.split('-').map(Number)
  const year = y + CALENDAR_YEARS_AHEAD
  return `${year}-${pad(m)}-${pad(Math.min(d, daysInMonth(year, m)))}`
}

/** Why a 'YYYY-MM-DD' is not a date the calendar accepts, or null when it is. */
export function calendarDateProblem(value: string, today: IsoDate): string | null {
  if (!isValidIsoDate(value)) return 'Date must be a real date like YYYY-MM-DD'
  const end = calendarEnd(today)
  if (value < CALENDAR_START || value > end)
    return `Date must be between ${CALENDAR_START} and ${end}`
  return null
}
