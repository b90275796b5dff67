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
