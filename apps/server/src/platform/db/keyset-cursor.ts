import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../errors.ts';

/** Keyset cursors are opaque to clients: base64url JSON of the last row's sort key. */
export function encodeCursor(key: Record<string, string>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * How a cursor field is checked before it reaches SQL: a bad value must be a 400, not a database
 * error. `instant`: an instant as whole microseconds since 1970 (instantKey); `date`: YYYY-MM-DD.
 */
export type CursorField = 'text' | 'uuid' | 'instant' | 'date';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isValidField: Record<CursorField, (value: unknown) => boolean> = {
  // PostgreSQL text cannot hold NUL: comparing with one fails in the database.
  text: (value) => typeof value === 'string' && !value.includes('\u0000'),
  uuid: (value) => typeof value === 'string' && UUID.test(value),
  instant: (value) => typeof value === 'string' && /^-?\d{1,18}$/.test(value),
  date: (value) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value),
};

/** The answer to a cursor that is not one of ours (or belongs to another sort). */
export const badCursor = () =>
  new AppError('VALIDATION_ERROR', 'The page cursor is not valid; start from the first page.', [
    { path: 'querystring.cursor', message: 'Not a valid cursor' },
  ]);

/**
 * An instant as a cursor carries it: whole microseconds since 1970, as text. Exact, where a
 * JavaScript Date (milliseconds) would skip or repeat rows sharing a millisecond.
 */
export const instantKey = (column: PgColumn) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** An instantKey back as an instant, for the keyset comparison. */
export const fromInstantKey = (key: string | Placeholder) =>
  sql`('epoch'::timestamptz + (${key}::text || ' microseconds')::interval)`;

export function decodeCursor<K extends string>(
  cursor: string,
  fields: Record<K, CursorField>,
): Record<K, string> {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      Object.entries<CursorField>(fields).every(([field, kind]) =>
        isValidField[kind]((parsed as Record<string, unknown>)[field]),
      )
    ) {
      return parsed as Record<K, string>;
    }
  } catch {
    // fall through to the error below
  }
  // Named like the validator's own query errors ("querystring.<field>"), so clients map it the same way.
  throw badCursor();
}

/**
 * Rows after the cursor. A row comparison, not `a > x or (a = x and b > y)`: PostgreSQL turns
 * it into a bound on the (…, lower(name), id) index, so page 400 costs what page 1 does.
 */
export function afterCursor(options: { cursor: string | undefined; sortKey: SQL; id: PgColumn }) {
  if (!options.cursor) return undefined;
  const after = decodeCursor(options.cursor, { name: 'text', id: 'uuid' });
  return sql`(${options.sortKey}, ${options.id}) > (${after.name}, ${after.id}::uuid)`;
}
