import { getEnv } from './env.server'
import { singleton } from './singleton.server'

// One source of "now" for every rule, so tests can pin it (setNow) and no rule
// reads the machine clock directly.
const clock = singleton('clock', () => ({ fixed: undefined as Date | undefined }))

export function now(): Date {
  if (clock.fixed) return new Date(clock.fixed)
  const pinned = getEnv().FIXED_NOW
  if (pinned) return new Date(pinned)
  return new Date()
}

export function setNow(date: Date | string | undefined) {
  clock.fixed = date === undefined ? undefined : new Date(date)
}
