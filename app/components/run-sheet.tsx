/**
 * The day's run sheet for the printer: one line per pet (list, time, pet,
 * owner and phone, behaviour, feeding, medication, services, status) with a
 * box to tick. Hidden on screen; when the day sheet is printed it is all
 * that prints (run-sheet.css), so the browser's own Print works without
 * JavaScript too. With JavaScript, <PrintButton/> opens the print dialog.
 *
 *   <RunSheet sheet={sheet} />
 */
import { useEffect, useState } from 'react'
import type { DaySheet } from '~/domain/booking'
import { formatWallDateLong } from '~/domain/hotel-time'
import { runSheetLines, type RunSheetLine } from '~/domain/run-sheet'
import { UNIT_NAMES } from './booking-day-sheet'
import { MemoizedMarkup } from './memoized-markup'
import './run-sheet.css'

// The server writes a day's run sheet once for each set of its lines (memoized-markup.tsx):
// a row of ~25 elements for each pet of the day, hidden on screen.
export function RunSheet({ sheet }: { sheet: DaySheet }) {
  const lines = runSheetLines(sheet)
  return (
    <MemoizedMarkup
      as="section"
      className="run-sheet"
      aria-labelledby="run-sheet-title"
      memoKey={`run-sheet ${JSON.stringify([sheet.date, sheet.occupancy, sheet.capacity, lines])}`}
    >
      {() => <RunSheetBody sheet={sheet} lines={lines} />}
    </MemoizedMarkup>
  )
}

function RunSheetBody({ sheet, lines }: { sheet: DaySheet; lines: RunSheetLine[] }) {
  const units = Object.keys(UNIT_NAMES) as (keyof typeof UNIT_NAMES)[]
  return (
    <>
      <h2 id="run-sheet-title">{`Run sheet · ${formatWallDateLong(sheet.date)}`}</h2>
      <p className="run-sheet-occupancy">
        {units
          .map((u) => `${UNIT_NAMES[u]}: ${sheet.occupancy[u]} of ${sheet.capacity[u]}`)
          .join(' · ')}
      </p>
      {lines.length === 0 ? (
        <p>Nobody arrives, leaves or stays on this day.</p>
      ) : (
        <table className="run-sheet-table">
          <thead>
            <tr>
              <th scope="col" className="run-sheet-tick">
                Done
              </th>
              <th scope="col">Time</th>
              <th scope="col">Pet</th>
              <th scope="col">Contacts</th>
              <th scope="col">Behavior</th>
              <th scope="col">Feeding</th>
              <th scope="col">Medication</th>
              <th scope="col">Services</th>
              <th scope="col">Vaccines</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.bookingId}>
                <td className="run-sheet-tick">
                  <span className="tick-box" />
                </td>
                <td>
                  <strong>{l.list}</strong>
                  <br />
                  {l.time}
                </td>
                <th scope="row">
                  {l.pet}
                  <br />
                  <span className="run-sheet-small">
                    {l.species} · {l.breed}
                  </span>
                </th>
                <td>
                  {l.owner}
                  <br />
                  <span className="nowrap">{l.phone}</span>
                  <br />
                  <span className="run-sheet-small">Vet: {l.vet}</span>
                  <br />
                  <span className="run-sheet-small">Emergency: {l.emergencyContact}</span>
                </td>
                <td>{l.behavior}</td>
                <td>{l.feeding || '—'}</td>
                <td>{l.medication || '—'}</td>
                <td>{l.services || '—'}</td>
                <td>{l.vaccines}</td>
                <td>{l.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  )
}

/** "Print run sheet": shown once the page runs scripts (printing needs window.print()). */
export function PrintButton() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  if (!hydrated) return null
  return (
    <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
      Print run sheet
    </button>
  )
}
