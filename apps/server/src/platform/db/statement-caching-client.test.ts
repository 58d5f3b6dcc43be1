import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app.ts';
import type { Database } from './client.ts';
import { findDatabaseError } from './database-errors.ts';
import { organisations } from './schema/index.ts';
import { customPlanned, withValuesInlined } from './statement-caching-client.ts';

describe('withValuesInlined', () => {
  it('writes each parameter as the literal of its own value, $1 apart from $10 and $11', () => {
    const values = Array.from({ length: 11 }, (_, index) => `v${index + 1}`);
    const text = 'select $1, $10, $11, $2';
    expect(withValuesInlined(text, values)).toBe("select 'v1', 'v10', 'v11', 'v2'");
  });

  it('escapes quotes and backslashes, and writes null, numbers, booleans, dates and arrays as node-postgres sends them', () => {
    const one = (value: unknown) => withValuesInlined('$1', [value]);
    expect(one("O'Brien")).toBe("'O''Brien'");
    expect(one('C:\\path')).toBe(" E'C:\\\\path'");
    expect(one(null)).toBe('null');
    expect(one(42)).toBe("'42'");
    expect(one(true)).toBe("'true'");
    expect(one(new Date('2026-12-06T01:02:03.004Z'))).toMatch(
      /^'2026-12-0\dT\d{2}:\d{2}:03\.004[+-]\d{2}:\d{2}'$/,
    );
    expect(one(['a', "b'c"])).toBe(`'{"a","b''c"}'`);
  });

  it('passes over quoted text, quoted names and comments, and refuses a parameter it has no value for', () => {
    expect(withValuesInlined("select '$1 it''s', $1", ['x'])).toBe("select '$1 it''s', 'x'");
    expect(withValuesInlined('select "a$1" -- it\'s $1\n, $1 /* $1 */', ['x'])).toBe(
      "select \"a$1\" -- it's $1\n, 'x' /* $1 */",
    );
    expect(withValuesInlined('$1', [Buffer.from([1, 171])])).toBe(" E'\\\\x01ab'");
    expect(() => withValuesInlined('select $2', ['x'])).toThrow(/No value for \$2/);
  });
});

/** The rows of db.execute, whose result drizzle types by driver. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('statements on the database', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });

  afterAll(async () => {
    await drop();
  });

  it('find what their values ask for when written in: quotes, backslashes, arrays, JSON and bytes', async () => {
    const words = sql`(values ('it''s'), ('back\\slash'), ('plain')) as words(word)`;
    const find = async (pattern: string) =>
      rowsOf<{ word: string }>(
        await database.db.execute(
          sql`select word from ${words} where ${customPlanned(sql`word like ${pattern}`)}`,
        ),
      ).map((row) => row.word);
    expect(await find("%'%")).toEqual(["it's"]);
    expect(await find('%\\\\%')).toEqual(['back\\slash']);
    expect(await find('pl%')).toEqual(['plain']);

    // Over 32 values: never named, so planned for its values (written in) on PostgreSQL.
    const many = Array.from({ length: 40 }, (_, index) => `w${index}`);
    const listed = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from unnest(array['w3', 'x', 'w39']) as w where w in (${sql.join(
          many.map((word) => sql`${word}`),
          sql`, `,
        )})`,
      ),
    );
    expect(listed).toEqual([{ n: 2 }]);
    const typed = rowsOf<{ any: boolean; json: number; bytes: string }>(
      await database.db.execute(
        sql`select ${'b'} = any(${sql.param(['a', 'b'])}::text[]) as any, (${JSON.stringify({ n: 7 })}::jsonb ->> 'n')::int as json,
            encode(${Buffer.from([0, 255])}::bytea, 'hex') as bytes where ${customPlanned(sql`true`)}`,
      ),
    );
    expect(typed).toEqual([{ any: true, json: 7, bytes: '00ff' }]);
  });

  it('leaves a value holding a NUL byte as a parameter, which PostgreSQL refuses as it refuses any', async () => {
    const refusal = await database.db
      .execute(sql`select ${'a\0b'}::text as t where ${customPlanned(sql`true`)}`)
      .then(() => undefined, findDatabaseError);
    expect(refusal?.code).toBe('22021');
    // The connection is still good.
    expect(rowsOf(await database.db.execute(sql`select 1 as one where ${customPlanned(sql`true`)}`))).toEqual(
      [{ one: 1 }],
    );
  });

  it('run a prepared statement on its generic plan from the first run, and keep no custom-planned one', async () => {
    // PostgreSQL prepares it under the name given; PGlite (pglite-statements.ts) under its own.
    const probe = sql<string>`${organisations.id}`.as('statement_caching_probe');
    const prepared = await database.db.transaction(async (tx) => {
      // One connection for both: prepared statements are its own.
      await tx
        .select({ id: probe })
        .from(organisations)
        .where(eq(organisations.title, sql.placeholder('title')))
        .prepare('statement_caching_test_generic')
        .execute({ title: 'Nobody' });
      await tx
        .select({ id: probe })
        .from(organisations)
        .where(customPlanned(sql`${organisations.title} like ${'statement caching test%'}`));
      return rowsOf<{ generic_plans: number; custom_plans: number }>(
        await tx.execute(
          sql`select generic_plans::int, custom_plans::int from pg_prepared_statements
            where statement like ${'%statement_caching_probe%'}`,
        ),
      );
    });
    expect(prepared).toEqual([{ generic_plans: 1, custom_plans: 0 }]);
  });
});
