import { Column, getTableName, is, noopDecoder, SQL, Subquery } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import type { SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';

// Drizzle turns each row of a select into its object with mapResultRow, which works out every
// column's decoder again for every row (a walk up the field's prototype chain per `is` check) and
// walks each column's path with an iterator. On a page of 50 orders that was the largest share of
// the API's CPU after the socket writes (a merchant's first order page: 0.58 ms of 2.4 ms a
// request). Here the decoders and paths are worked out once per statement and each row is a plain
// loop. The objects are the ones mapResultRow builds, nulled joins included: row-mapping.test.ts
// holds the two together over both engines' sessions, so a drizzle upgrade that changes either
// fails there.

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type Row = unknown[];
type Mapped = Record<string, unknown>;

/** The decoder mapResultRow picks for a field. */
function decoderOf(field: unknown): Decoder {
  // SQL's decoder is internal to drizzle's types.
  const decoderOfSql = (of: SQL) => (of as unknown as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field._ as unknown as { sql: SQL }).sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

const isIdentity = (decoder: Decoder) =>
  decoder.mapFromDriverValue === noopDecoder.mapFromDriverValue ||
  // A column type that keeps the driver's value as it is (uuid, text, integer, boolean…).
  decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue;

type CompiledColumn = {
  path: readonly string[];
  decode: Decoder | undefined;
  /** For a table's column nested one level (`{ order: orders }`): its table, whose join may be null. */
  joinedTable: string | undefined;
};

/**
 * The rows of a statement selecting `fields`, mapped as drizzle's mapResultRow maps them. A joined
 * table's object is null when its first column is null and the join may leave it empty (not in
 * `joinsNotNullableMap`), as mapResultRow decides it.
 */
export function compileRowMapper(
  fields: SelectedFieldsOrdered,
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (rows: Row[]) => Mapped[] {
  const columns: CompiledColumn[] = fields.map(({ path, field }) => {
    const decoder = decoderOf(field);
    return {
      path,
      decode: isIdentity(decoder) ? undefined : decoder,
      joinedTable:
        joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : undefined,
    };
  });
  const count = columns.length;

  const mapRow = (row: Row): Mapped => {
    const result: Mapped = {};
    // Per nested object: the table whose first column was null (a candidate for null), or false.
    let nullify: Record<string, string | false> | undefined;
    for (let index = 0; index < count; index++) {
      const { path, decode, joinedTable } = columns[index]!;
      const raw = row[index];
      const value = raw === null ? null : decode ? decode.mapFromDriverValue(raw) : raw;
      const last = path.length - 1;
      let node = result;
      for (let depth = 0; depth < last; depth++) {
        const chunk = path[depth]!;
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Mapped;
      }
      node[path[last]!] = value;
      if (joinedTable !== undefined) {
        const objectName = path[0]!;
        nullify ??= {};
        if (!(objectName in nullify)) nullify[objectName] = value === null ? joinedTable : false;
        else if (typeof nullify[objectName] === 'string' && nullify[objectName] !== joinedTable)
          nullify[objectName] = false;
      }
    }
    if (nullify) {
      for (const objectName in nullify) {
        const table = nullify[objectName];
        if (typeof table === 'string' && !joinsNotNullableMap![table]) result[objectName] = null;
      }
    }
    return result;
  };
  return (rows) => {
    const mapped = new Array<Mapped>(rows.length);
    for (let index = 0; index < rows.length; index++) mapped[index] = mapRow(rows[index]!);
    return mapped;
  };
}

type PreparedSelect = {
  fields?: SelectedFieldsOrdered;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: Row[]) => unknown;
};

type PrepareQuery = (this: unknown, ...args: unknown[]) => PreparedSelect;

/**
 * Has both drizzle sessions (node-postgres and PGlite, and every transaction's, which are of the
 * same classes) map the rows a statement returns (a select's, an insert's or update's `returning`)
 * with compileRowMapper, through the mapper hook drizzle's prepared queries already have. A query that brings its own mapper (the relational queries) keeps it. The
 * mapper is compiled on the first run, as the select sets its joins' nullability after preparing,
 * and once for a statement prepared once and run many times.
 */
export function mapRowsWithCompiledMappers(): void {
  for (const Session of [NodePgSession, PgliteSession]) {
    const prototype = Session.prototype as unknown as { prepareQuery: PrepareQuery & { compiled?: true } };
    const original = prototype.prepareQuery;
    if (original.compiled) continue;
    const prepareQuery: PrepareQuery & { compiled?: true } = function (this: unknown, ...args: unknown[]) {
      const prepared = original.apply(this, args);
      const [, fields, , , customResultMapper] = args;
      if (fields && !customResultMapper) {
        let mapper: ((rows: Row[]) => Mapped[]) | undefined;
        prepared.customResultMapper = (rows) =>
          (mapper ??= compileRowMapper(prepared.fields!, prepared.joinsNotNullableMap))(rows);
      }
      return prepared;
    };
    prepareQuery.compiled = true;
    prototype.prepareQuery = prepareQuery;
  }
}
