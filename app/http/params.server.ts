import { invalid, notFound } from '~/domain/errors'
import { calendarDateProblem, type IsoDate } from '~/domain/hotel-time'
import { hotelClock } from '~/infra/clock.server'
import { parseIdParam } from '~/schemas/fields'

// Values from the URL, checked before they reach a model.

/** A numeric id from the URL; 404 (with `notFoundMessage`) when it cannot name a row. */
export function requireIdParam(value: string | undefined, notFoundMessage: string): number {
  const id = parseIdParam(value)
  if (id === null) throw notFound(notFoundMessage)
  return id
}

/** A date from the URL that the calendar accepts (2000-01-01 to ten years ahead), or 400. */
export function requireCalendarDate(value: string | undefined): IsoDate {
  const date = (value ?? '').trim()
  const problem = calendarDateProblem(date, hotelClock().today)
  if (problem) throw invalid(problem, { date: problem })
  return date
}
