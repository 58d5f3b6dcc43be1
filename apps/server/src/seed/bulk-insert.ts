import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../platform/db/client.ts';

export type BulkInsertOptions<T extends PgTable> = {
  table: T;
  rows: T['$inferInsert'][];
  /** Rows per statement; each statement carries one JSON parameter. */
  chunkSize?: number;
  /** Columns (by property name) to return for every row, in insert order. */
  returning?: string[];
};

/**
 * Inserts many rows with one JSON parameter per statement (`json_to_recordset`) instead of one
 * parameter per value: no 65,535-parameter ceiling, and far cheaper to build and bind on both
 * drivers (on PGlite a 200-row drizzle insert costs several times as much). Columns absent from
 * every row keep their defaults; rows must name the same columns (null is a value, not "absent").
 */
export async function bulkInsert<T extends PgTable>(
  db: Db,
  options: BulkInsertOptions<T>,
): Promise<Record<string, unknown>[]> {
  const { table, rows, chunkSize = 10_000, returning } = options;
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]!).filter(
    (key) => key in columns && rows[0]![key as keyof T['$inferInsert']] !== undefined,
  );
  const names = keys.map((key) => sql.identifier(toSnakeCase(key)));
  const typed = keys.map((key) => sql.raw(`"${toSnakeCase(key)}" ${columns[key]!.getSQLType()}`));
  const columnList = sql.join(names, sql`, `);
  const returningClause: SQL = returning?.length
    ? sql` returning ${sql.join(
        returning.map((key) => sql`${sql.identifier(toSnakeCase(key))} as ${sql.identifier(key)}`),
        sql`, `,
      )}`
    : sql``;
  const out: Record<string, unknown>[] = [];
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize).map((row) => {
      const record: Record<string, unknown> = {};
      for (const key of keys) record[toSnakeCase(key)] = row[key as keyof T['$inferInsert']] ?? null;
      return record;
    });
    const result = (await db.execute(sql`
      insert into ${sql.identifier(getTableName(table))} (${columnList})
      select ${columnList} from json_to_recordset(${JSON.stringify(chunk)}::json) as r(${sql.join(typed, sql`, `)})
      ${returningClause}`)) as unknown as { rows: Record<string, unknown>[] };
    if (returning?.length) out.push(...result.rows);
  }
  return out;
}
