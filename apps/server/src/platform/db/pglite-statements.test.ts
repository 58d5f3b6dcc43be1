import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepStatementsPrepared } from './pglite-statements.ts';
import { customPlanned } from './statement-caching-client.ts';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

// PGlite with its statements kept prepared answers exactly as PGlite's own query() does, prepares
// each statement once, and recovers from a value refused or a table changed under a statement.

/** Drizzle's options for PGlite (drizzle-orm/pglite/session.js): instants and dates as text. */
const DRIZZLE = {
  rowMode: 'array' as const,
  parsers: {
    [types.TIMESTAMP]: (value: string) => value,
    [types.TIMESTAMPTZ]: (value: string) => value,
    [types.INTERVAL]: (value: string) => value,
    [types.DATE]: (value: string) => value,
  },
};

const SCHEMA = `
  create table things (
    id uuid primary key, name text not null, count int, total bigint, price numeric(12, 2),
    is_on boolean, at timestamptz, day date, details jsonb, tags text[], bytes bytea
  );
  insert into things values
    ('7b0c54f6-5f4e-4b36-9a55-3c4d1c1f0a01', 'it''s', 3, 9007199254740993, 12.50, true,
     '2026-12-07 01:02:03.004+00', '2026-12-07', '{"a": [1, "b"]}', '{x,"y z"}', '\\x00ff'),
    ('7b0c54f6-5f4e-4b36-9a55-3c4d1c1f0a02', 'plain', null, null, null, null, null, null, null, null, null);
`;

/** The statements of the comparison, each with its values. */
const STATEMENTS: [string, unknown[]][] = [
  ['select * from things where id = $1', ['7b0c54f6-5f4e-4b36-9a55-3c4d1c1f0a01']],
  ['select * from things where name = any($1::text[]) order by id', [["it's", 'plain']]],
  ['select count(*)::int as n, sum(total) as total from things where count > $1 or $1 is null', [null]],
  [
    'select $1::jsonb -> $2 as picked, $3::date as day, $4::timestamptz as at',
    [{ k: [1] }, 'k', '2026-01-02', new Date(0)],
  ],
  ['update things set count = count + $1 where count is not null returning id, count', [1]],
  [
    'insert into things (id, name, bytes) values ($1, $2, $3) returning *',
    ['7b0c54f6-5f4e-4b36-9a55-3c4d1c1f0a03', 'new', new Uint8Array([1, 2])],
  ],
  ['delete from things where name = $1', ['new']],
];

async function pglite() {
  const client = await PGlite.create();
  await client.exec(SCHEMA);
  return client;
}

/** Statements this session keeps prepared, with how often each was planned which way. */
async function preparedStatements(client: PGlite) {
  const { rows } = await client.query<{ statement: string; generic_plans: number; custom_plans: number }>(
    `select statement, generic_plans::int, custom_plans::int from pg_prepared_statements
     where statement not like '%pg_prepared_statements%' order by statement`,
  );
  return rows;
}

describe('PGlite with its statements kept prepared', () => {
  let own: PGlite;
  let kept: PGlite;

  beforeAll(async () => {
    [own, kept] = await Promise.all([pglite(), pglite()]);
    await keepStatementsPrepared(kept);
  });

  afterAll(async () => {
    await Promise.all([own.close(), kept.close()]);
  });

  it('answers every statement as PGlite’s own query() does, in rows, fields and counts', async () => {
    // Each list twice: the first run prepares, the second runs what was kept.
    for (const options of [undefined, DRIZZLE, undefined, DRIZZLE]) {
      for (const [text, values] of STATEMENTS) {
        const [expected, actual] = await Promise.all([
          own.query(text, values, options),
          kept.query(text, values, options),
        ]);
        expect({ text, ...actual }).toStrictEqual({ text, ...expected });
      }
    }
  });

  it('prepares a statement once, in or out of a transaction, and runs it on its generic plan', async () => {
    const text = 'select name from things where id = $1';
    await kept.query(text, ['7b0c54f6-5f4e-4b36-9a55-3c4d1c1f0a01']);
    await kept.transaction(async (tx) => {
      await tx.query(text, ['7b0c54f6-5f4e-4b36-9a55-3c4d1c1f0a02']);
      await tx.rollback();
    });
    // Kept through the rollback: a prepared statement belongs to the session.
    const { rows } = await kept.query<{ name: string }>(text, ['7b0c54f6-5f4e-4b36-9a55-3c4d1c1f0a02']);
    expect(rows).toEqual([{ name: 'plain' }]);
    expect((await preparedStatements(kept)).filter((row) => row.statement === text)).toEqual([
      { statement: text, generic_plans: 3, custom_plans: 0 },
    ]);
  });

  it('sends a statement marked custom-planned with its values written in, and keeps nothing of it', async () => {
    const marked = new PgDialect().sqlToQuery(
      sql`select name from things where ${customPlanned(sql`name like ${'it%'}`)}`,
    );
    const { rows } = await kept.query(marked.sql, marked.params, DRIZZLE);
    expect(rows).toEqual([["it's"]]);
    expect((await preparedStatements(kept)).filter((row) => row.statement.includes('like'))).toEqual([]);
  });

  it('fails only the statement whose value is refused, as PGlite’s own query() does', async () => {
    const text = 'select name from things where id = $1';
    const refusal = await kept.query(text, ['not-a-uuid']).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: '22P02', query: text, params: ['not-a-uuid'] });
    expect((await kept.query(text, ['7b0c54f6-5f4e-4b36-9a55-3c4d1c1f0a02'])).rows).toEqual([
      { name: 'plain' },
    ]);

    // In a transaction the refusal aborts it, and the rollback ends it, as ever.
    const inTransaction = await kept
      .transaction(async (tx) => {
        await tx.query('update things set count = 99 where name = $1', ['plain']);
        await tx.query(text, ['not-a-uuid']);
      })
      .catch((error: unknown) => error);
    expect(inTransaction).toMatchObject({ code: '22P02' });
    const { rows } = await kept.query<{ count: number | null }>('select count from things where name = $1', [
      'plain',
    ]);
    expect(rows).toEqual([{ count: null }]);
  });

  it('keeps at most 500 statements in a session, counted for that session alone', async () => {
    const full = await pglite();
    try {
      await keepStatementsPrepared(full);
      // A shape of its own each, as a process that has run many test files' statements has seen.
      for (let shape = 0; shape < 501; shape++) await full.query(`select $1::int + ${shape} as n`, [1]);
      expect(await preparedStatements(full)).toHaveLength(500);
      // The other session, which has prepared few, still prepares a new shape.
      const text = 'select $1::int * 2 as n';
      expect((await kept.query(text, [21])).rows).toEqual([{ n: 42 }]);
      expect((await preparedStatements(kept)).map((row) => row.statement)).toContain(text);
    } finally {
      await full.close();
    }
  });

  it('prepares a statement again once its table changed shape', async () => {
    await kept.exec('create table shapes (a int)');
    await kept.query('insert into shapes values ($1)', [1]);
    const text = 'select * from shapes where a = $1';
    expect((await kept.query(text, [1])).rows).toEqual([{ a: 1 }]);
    await kept.exec('alter table shapes add column b text');
    expect((await kept.query(text, [1])).rows).toEqual([{ a: 1, b: null }]);

    // In a transaction, the stale statement fails that transaction; the next run prepares it anew.
    await kept.exec('alter table shapes add column c text');
    await expect(kept.transaction((tx) => tx.query(text, [1]))).rejects.toMatchObject({ code: '0A000' });
    expect((await kept.transaction((tx) => tx.query(text, [1]))).rows).toEqual([{ a: 1, b: null, c: null }]);
  });
});
