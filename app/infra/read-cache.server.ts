import { singleton } from './singleton.server'

// Read-mostly data (the services list, the settings, the top reviews, the Pet
// of the Month) kept in memory by each app server, so a page or an API call
// that shows it costs no query. Correctness rests on one rule: every write
// that changes such data bumps its topic's version in the database, in the
// same transaction (models/cache-versions.server.ts), and drops the topic
// here at once; every server also polls the versions (server/cache-sync.ts)
// and drops what another server changed — so a change is visible everywhere
// within a second. A value that was being loaded while its topic changed is
// not kept. Writes never read from here: a booking reads capacity, prices
// and services inside its own transaction.

export const TOPICS = ['services', 'settings', 'reviews', 'pet-of-the-month'] as const
export type Topic = (typeof TOPICS)[number]

type Entry = { value: Promise<unknown>; generation: number }
type State = {
  entries: Map<string, Entry>
  /** Bumped whenever a topic is dropped; a load started before a drop is not kept. */
  generation: Map<Topic, number>
  /** The database's versions as last seen by this server. */
  versions: Map<Topic, number>
  /** Bumped whenever any topic is dropped (see dropStamp). */
  drops: number
}

const state = () =>
  singleton<State>('readCache', () => ({
    entries: new Map(),
    generation: new Map(),
    versions: new Map(),
    drops: 0,
  }))

const keyOf = (topic: Topic, key: string) => `${topic}\u0000${key}`

/** The cached value of `topic`/`key`, loading it (once, however many ask) when missing. */
export function cached<T>(topic: Topic, key: string, load: () => Promise<T>): Promise<T> {
  const s = state()
  const k = keyOf(topic, key)
  const hit = s.entries.get(k)
  if (hit) return hit.value as Promise<T>
  const generation = s.generation.get(topic) ?? 0
  // Shared by every request: frozen, so no caller can change another's copy.
  const value = load().then(deepFreeze)
  s.entries.set(k, { value, generation })
  value.then(
    () => {
      // Dropped while loading: what was loaded may predate the change.
      if ((s.generation.get(topic) ?? 0) !== generation && s.entries.get(k)?.value === value)
        s.entries.delete(k)
    },
    () => {
      if (s.entries.get(k)?.value === value) s.entries.delete(k)
    },
  )
  return value
}

function deepFreeze<T>(value: T): T {
  // Bytes (an answer's encoded text) cannot be frozen: JavaScript refuses to
  // freeze a typed array with elements. Nothing writes to them.
  if (ArrayBuffer.isView(value)) return value
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

/** Forgets everything cached for the topics. */
export function dropTopics(topics: readonly Topic[]) {
  const s = state()
  s.drops++
  for (const topic of topics) {
    s.generation.set(topic, (s.generation.get(topic) ?? 0) + 1)
    const prefix = `${topic}\u0000`
    for (const k of [...s.entries.keys()]) if (k.startsWith(prefix)) s.entries.delete(k)
  }
}

/**
 * A number that moves whenever anything cached is dropped: what was built
 * from cached values (server/visitor-pages.ts) is good while it stays put.
 */
export function dropStamp(): number {
  return state().drops
}

/**
 * Takes the database's versions: drops the topics changed since the last look
 * (all of them on the first look, since what was loaded before it may predate
 * a change this server never saw).
 */
export function applyVersions(versions: Map<Topic, number>) {
  const s = state()
  const changed: Topic[] = []
  for (const topic of TOPICS) {
    const seen = s.versions.get(topic)
    const now = versions.get(topic) ?? 0
    if (seen !== now) changed.push(topic)
    s.versions.set(topic, now)
  }
  if (changed.length) dropTopics(changed)
  return changed
}

/** Forgets every cached value and version (tests that write behind the models' back). */
export function clearReadCache() {
  const s = state()
  s.entries.clear()
  s.versions.clear()
  dropTopics(TOPICS)
}
