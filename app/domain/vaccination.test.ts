import { describe, expect, it } from 'vitest'
import { gapMessage, gapsMessage, vaccinationGaps } from './vaccination'

// The rule that gates a stay: each required vaccine needs a record that has
// not expired by the pick-up date; one expiring on the pick-up day covers it.

const rec = (vaccine: string, expires_on: string) => ({ vaccine, expires_on })
const DOG = ['Rabies', 'DHPP', 'Bordetella']

describe('vaccinationGaps', () => {
  it('names every required vaccine with no record, in the settings’ order', () => {
    expect(vaccinationGaps([], DOG, '2026-11-26')).toEqual([
      { vaccine: 'Rabies', problem: 'missing' },
      { vaccine: 'DHPP', problem: 'missing' },
      { vaccine: 'Bordetella', problem: 'missing' },
    ])
  })

  it('covers a stay through the expiry day itself, not a day longer', () => {
    const others = [rec('DHPP', '2030-01-01'), rec('Bordetella', '2030-01-01')]
    const gaps = (expires: string) =>
      vaccinationGaps([rec('Rabies', expires), ...others], DOG, '2026-11-26')
    expect(gaps('2026-11-25')).toEqual([
      { vaccine: 'Rabies', problem: 'expires', expires_on: '2026-11-25' },
    ])
    expect(gaps('2026-11-26')).toEqual([])
    expect(gaps('2026-11-27')).toEqual([])
  })

  it('counts the latest record of a vaccine, whatever its case and spaces', () => {
    const records = [
      rec(' rabies ', '2025-01-01'),
      rec('RABIES', '2027-06-01'),
      rec('dhpp', '2027-06-01'),
      rec('Bordetella', '2026-01-01'),
    ]
    expect(vaccinationGaps(records, DOG, '2026-11-26')).toEqual([
      { vaccine: 'Bordetella', problem: 'expires', expires_on: '2026-01-01' },
    ])
  })

  it('asks nothing when the hotel requires nothing, and ignores vaccines it does not require', () => {
    expect(vaccinationGaps([rec('FeLV', '2020-01-01')], [], '2026-11-26')).toEqual([])
    expect(vaccinationGaps([rec('FeLV', '2020-01-01')], ['Rabies'], '2026-11-26')).toEqual([
      { vaccine: 'Rabies', problem: 'missing' },
    ])
  })
})

describe('the messages', () => {
  it('name the vaccine and the date', () => {
    expect(gapMessage({ vaccine: 'Rabies', problem: 'expires', expires_on: '2027-01-03' })).toBe(
      'Rabies expires on 2027-01-03, before pick-up',
    )
    expect(gapMessage({ vaccine: 'Rabies', problem: 'missing' })).toBe(
      'No Rabies vaccination on record',
    )
    expect(
      gapsMessage([
        { vaccine: 'Rabies', problem: 'missing' },
        { vaccine: 'FVRCP', problem: 'expires', expires_on: '2026-12-01' },
      ]),
    ).toBe('No Rabies vaccination on record; FVRCP expires on 2026-12-01, before pick-up')
  })
})
