import type { Knex } from 'knex'
import { rowsOf } from '~/infra/db.server'
import { PREPARED } from '~/infra/prepared-statements.server'

// Reading a long list a batch at a time, each batch starting after the last
// row of the one before (keyset paging: every batch costs the same, where an
// OFFSET would re-read everything before it). Used to stream the whole JSON
// lists without holding them in memory.

export const LIST_BATCH_SIZE = 1000

/**
 * Yields the list in batches: `read(after, size)` returns at most `size` rows
 * that follow `after` (null for the first batch) in the list's order, and
 * `shape` turns each batch of rows into the items sent.
 */
export async function* inBatches<Row, Item>(
  read: (after: Row | null, size: number) => Promise<Row[]>,
  shape: (rows: Row[]) => Promise<Item[]> | Item[],
  size = LIST_BATCH_SIZE,
): AsyncGenerator<Item[]> {
  let after: Row | null = null
  for (;;) {
    const rows = await read(after, size)
    if (rows.length) yield await shape(rows)
    if (rows.length < size) return
    after = rows[rows.length - 1]
  }
}

/** The OFFSET of a page (pages from 1). */
export const offsetOf = ({ page, limit }: { page: number; limit: number }) => (page - 1) * limit

/**
 * The deepest OFFSET read on the read pipeline. A page's query is prepared
 * (PREPARED), and so shares the server's one pipelined connection with every
 * request's key lookups (app/infra/read-pipeline.server.ts), only while it
 * passes at most this many rows before its own: the first pages, the ones
 * asked for all day, cost what a key lookup does. A deeper page reads past
 * every row before it, and whatever is queued behind it on the pipeline
 * would wait that long too, so it is read on a pool connection of its own.
 */
export const PIPELINED_OFFSET_MAX = 200

/** The rows of a page's query (compiled, its offset bound): prepared while it is shallow. */
export function readPage<Row>(query: Knex.Raw, offset: number): Promise<Row[]> {
  return rowsOf<Row>(offset <= PIPELINED_OFFSET_MAX ? query.options(PREPARED) : query)
}
