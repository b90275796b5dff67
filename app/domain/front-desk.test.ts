import { describe, expect, it } from 'vitest'
import {
  allowedFrontDeskActions,
  BOOKING_STATUSES,
  holdsPlace,
  frontDeskRefusal,
  isLatePickUp,
  type FrontDeskStay,
} from './front-desk'

// The front desk's rules on the hotel's wall clock: a stay from Tue 10 March
// 10:00 to Thu 12 March 10:00.

const stay = (over: Partial<FrontDeskStay> = {}): FrontDeskStay => ({
  status: 'booked',
  drop_off_date: '2026-03-10 10:00:00',
  pick_up_date: '2026-03-12 10:00:00',
  checked_in_at: null,
  checked_out_at: null,
  ...over,
})
const here = (at = '2026-03-10 09:40:00') => stay({ status: 'checked_in', checked_in_at: at })
const gone = (at = '2026-03-12 09:30:00') =>
  stay({ status: 'checked_out', checked_in_at: '2026-03-10 09:40:00', checked_out_at: at })

describe('checking in', () => {
  it('opens the day before drop-off, early morning included, and closes at pick-up', () => {
    expect(frontDeskRefusal('check-in', stay(), '2026-03-08 23:59:59')).toBe(
      'Check-in opens the day before drop-off, on Mon, Mar 9, 2026',
    )
    expect(frontDeskRefusal('check-in', stay(), '2026-03-09 00:00:00')).toBeNull()
    expect(frontDeskRefusal('check-in', stay(), '2026-03-10 10:30:00')).toBeNull()
    expect(frontDeskRefusal('check-in', stay(), '2026-03-12 09:59:59')).toBeNull()
    expect(frontDeskRefusal('check-in', stay(), '2026-03-12 10:00:00')).toBe(
      'This stay has ended and can no longer be checked in',
    )
  })

  it('happens once', () => {
    expect(frontDeskRefusal('check-in', here(), '2026-03-10 11:00:00')).toBe(
      'This pet is already checked in',
    )
    expect(frontDeskRefusal('check-in', gone(), '2026-03-12 11:00:00')).toBe(
      'This stay is already checked out',
    )
    for (const status of ['cancelled', 'no_show'] as const)
      expect(frontDeskRefusal('check-in', stay({ status }), '2026-03-10 11:00:00')).toBe(
        'Only a booked stay can be checked in',
      )
  })
})

describe('checking out', () => {
  it('needs a check-in, and may come early or late', () => {
    expect(frontDeskRefusal('check-out', stay(), '2026-03-10 11:00:00')).toBe(
      'Only a pet that is checked in can be checked out',
    )
    expect(frontDeskRefusal('check-out', here(), '2026-03-10 11:00:00')).toBeNull()
    expect(frontDeskRefusal('check-out', here(), '2026-03-14 18:00:00')).toBeNull()
    expect(frontDeskRefusal('check-out', gone(), '2026-03-12 11:00:00')).toBe(
      'This stay is already checked out',
    )
  })
})

describe('undoing a mis-tap', () => {
  it('works the same day only, and only for the last step', () => {
    expect(frontDeskRefusal('undo-check-in', here(), '2026-03-10 23:59:59')).toBeNull()
    expect(frontDeskRefusal('undo-check-in', here(), '2026-03-11 00:00:00')).toBe(
      'A mis-tap can only be undone on the day it was made',
    )
    expect(frontDeskRefusal('undo-check-in', gone(), '2026-03-12 11:00:00')).toBe(
      'There is nothing to undo',
    )
    expect(frontDeskRefusal('undo-check-out', gone(), '2026-03-12 11:00:00')).toBeNull()
    expect(frontDeskRefusal('undo-check-out', gone(), '2026-03-13 08:00:00')).toBe(
      'A mis-tap can only be undone on the day it was made',
    )
    expect(frontDeskRefusal('undo-check-out', here(), '2026-03-10 11:00:00')).toBe(
      'There is nothing to undo',
    )
  })
})

describe('the buttons of an entry and the late flag', () => {
  it('offers what the rules allow now', () => {
    expect(allowedFrontDeskActions(stay(), '2026-03-10 09:00:00')).toEqual(['check-in'])
    expect(allowedFrontDeskActions(stay(), '2026-03-08 09:00:00')).toEqual([])
    expect(allowedFrontDeskActions(here(), '2026-03-10 11:00:00')).toEqual([
      'check-out',
      'undo-check-in',
    ])
    expect(allowedFrontDeskActions(here(), '2026-03-11 11:00:00')).toEqual(['check-out'])
    expect(allowedFrontDeskActions(gone(), '2026-03-12 11:00:00')).toEqual(['undo-check-out'])
  })

  it('flags a pet still here after its pick-up time, or one that left after it', () => {
    expect(isLatePickUp(here(), '2026-03-12 10:00:00')).toBe(false)
    expect(isLatePickUp(here(), '2026-03-12 10:00:01')).toBe(true)
    expect(isLatePickUp(gone('2026-03-12 09:59:00'), '2026-03-13 10:00:00')).toBe(false)
    expect(isLatePickUp(gone('2026-03-12 16:15:00'), '2026-03-12 16:20:00')).toBe(true)
    expect(isLatePickUp(stay(), '2026-03-13 10:00:00')).toBe(false)
  })
})

describe('a no-show', () => {
  it('is an expected stay whose drop-off day has ended, undone only that day', () => {
    expect(frontDeskRefusal('no-show', stay(), '2026-03-10 23:59:59')).toBe(
      'A stay is a no-show only after its drop-off day has ended',
    )
    expect(frontDeskRefusal('no-show', stay(), '2026-03-11 00:00:00')).toBeNull()
    expect(frontDeskRefusal('no-show', here(), '2026-03-11 08:00:00')).toBe(
      'Only a stay that is still expected can be a no-show',
    )
    const marked = stay({ status: 'no_show', no_show_at: '2026-03-11 08:00:00' })
    expect(frontDeskRefusal('undo-no-show', marked, '2026-03-11 20:00:00')).toBeNull()
    expect(frontDeskRefusal('undo-no-show', marked, '2026-03-12 08:00:00')).toBe(
      'A mis-tap can only be undone on the day it was made',
    )
    expect(frontDeskRefusal('undo-no-show', stay(), '2026-03-11 08:00:00')).toBe(
      'There is nothing to undo',
    )
    expect(allowedFrontDeskActions(marked, '2026-03-11 09:00:00')).toEqual(['undo-no-show'])
    expect(allowedFrontDeskActions(stay(), '2026-03-11 09:00:00')).toEqual(['check-in', 'no-show'])
  })

  it('and a cancelled stay holds no place; the other statuses do', () => {
    expect(BOOKING_STATUSES.filter(holdsPlace)).toEqual(['booked', 'checked_in', 'checked_out'])
  })
})
