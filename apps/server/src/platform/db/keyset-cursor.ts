import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../errors.ts';

/** Keyset cursors are opaque to clients: base64url JSON of the last row's sort key. */
export function encodeCursor(key: Record<string, string>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** How a cursor field is checked before it reaches SQL: a bad value must be a 400, not a database error. */
export type CursorField = 'text' | 'uuid';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isValidField: Record<CursorField, (value: unknown) => boolean> = {
  // PostgreSQL text cannot hold NUL: comparing with one fails in the database.
  text: (value) => typeof value === 'string' && !value.includes('\u0000'),
  uuid: (value) => typeof value === 'string' && UUID.test(value),
};

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
  throw new AppError('VALIDATION_ERROR', 'The page cursor is not valid; start from the first page.', [
    { path: 'querystring.cursor', message: 'Not a valid cursor' },
  ]);
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
