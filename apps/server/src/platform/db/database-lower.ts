import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Values per statement: they travel as one array parameter, so only the statement's size bounds it. */
const CHUNK = 10_000;

/** A value's lower case as the database computes it; only the values it was made for. */
export type DatabaseLower = (value: string) => string;

/**
 * Each value's `lower()` as PostgreSQL computes it, which is what unique indexes such as
 * lower(name) and lower(sku) compare. JavaScript's toLowerCase() disagrees on some letters
 * ('ΟΔΟΣ' is 'οδοσ' to the database, 'οδος' to JavaScript; 'İ' is 'i' to one and 'i̇' to the other),
 * so anything matched the way an index matches must be keyed by this instead. One statement per
 * 10,000 distinct values. Asking for a value not given is a programming error, and throws.
 */
export async function databaseLowerKeys(db: Db, values: Iterable<string>): Promise<DatabaseLower> {
  const distinct = [...new Set(values)];
  const keys = new Map<string, string>();
  for (let start = 0; start < distinct.length; start += CHUNK) {
    const chunk = distinct.slice(start, start + CHUNK);
    // By position, not by the value sent back, so nothing depends on how a driver round-trips text.
    const result = (await db.execute(sql`
      select lower(v) as lowered from unnest(${sql.param(chunk)}::text[]) with ordinality as t(v, n) order by n
    `)) as unknown as { rows: { lowered: string }[] };
    if (result.rows.length !== chunk.length) throw new Error('lower(): one answer per value expected');
    chunk.forEach((value, index) => keys.set(value, result.rows[index]!.lowered));
  }
  return (value) => {
    const key = keys.get(value);
    if (key === undefined) throw new Error(`No database lower case was asked for “${value}”`);
    return key;
  };
}
