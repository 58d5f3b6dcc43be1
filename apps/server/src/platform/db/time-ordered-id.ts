import { randomFillSync } from 'node:crypto';

// Ids for the rows written most often (an order, its lines and its history): a UUID version 7
// (RFC 9562) starts with the time it was made, in milliseconds, so rows made one after another
// have neighbouring ids, and every index that leads with one (the primary keys, the lines'
// (order_id, …) keys) gains its new entries on the same few, cached pages. A random (version 4)
// id lands each entry on a page of its own anywhere in the index: on a million orders' ten
// million lines, one read from outside the database's cache per index and row. The other 74 bits
// are random, so an id is no easier to guess than it needs to be: ids name rows, they grant nothing.

/** Random bytes drawn from the system in batches: one call per id was measurable in placing. */
const BATCH_IDS = 256;
const random = Buffer.alloc(10 * BATCH_IDS);
let used = BATCH_IDS;

/** A new UUID version 7: the current time in milliseconds, then random bits. */
export function timeOrderedId(now = Date.now()): string {
  if (used === BATCH_IDS) {
    randomFillSync(random);
    used = 0;
  }
  const at = 10 * used++;
  const hex = now.toString(16).padStart(12, '0');
  const bytes = random.toString('hex', at, at + 10);
  // Version 7 in the 13th hex digit; the variant (binary 10) in the top bits of the 17th.
  const variant = ((random[at + 2]! & 0x3f) | 0x80).toString(16).padStart(2, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${bytes.slice(0, 3)}-${variant}${bytes.slice(6, 8)}-${bytes.slice(8, 20)}`;
}
