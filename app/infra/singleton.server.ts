// The server bundle and the test runner can load two copies of a module; state
// that must exist once per process (database, clock, rate limiter) lives on
// globalThis under a well-known key so both copies share it.
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __petHotel?: Record<string, unknown> }
  store.__petHotel ??= {}
  if (!(name in store.__petHotel)) store.__petHotel[name] = create()
  return store.__petHotel[name] as T
}

export function replaceSingleton<T>(name: string, value: T) {
  const store = globalThis as unknown as { __petHotel?: Record<string, unknown> }
  store.__petHotel ??= {}
  store.__petHotel[name] = value
}

export function clearSingleton(name: string) {
  const store = globalThis as unknown as { __petHotel?: Record<string, unknown> }
  if (store.__petHotel) delete store.__petHotel[name]
}
