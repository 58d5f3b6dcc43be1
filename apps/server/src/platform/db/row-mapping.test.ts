import { eq, sql } from 'drizzle-orm';
import {
  alias,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app.ts';
import type { Database, Db } from './client.ts';

// On both engines (`npm test` runs PGlite, the second pass PostgreSQL): every select maps its rows
// with row-mapping.ts' compiled mapper. Each statement here runs twice, once so and once with
// drizzle's own mapResultRow, and the two must build the same objects.

const parents = pgTable('mapping_parents', {
  id: integer().primaryKey(),
  key: uuid(),
  name: text().notNull(),
  at: timestamp({ withTimezone: true, mode: 'date' }),
  atText: timestamp({ withTimezone: true, mode: 'string' }),
  day: date(),
  amount: numeric(),
  isOpen: boolean(),
  data: jsonb().$type<{ tags: string[] }>(),
});

const children = pgTable('mapping_children', {
  id: integer().primaryKey(),
  parentId: integer().notNull(),
  note: text(),
  at: timestamp({ withTimezone: true, mode: 'date' }),
});

async function createTables(db: Db) {
  await db.execute(sql`create table mapping_parents (id integer primary key, key uuid, name text not null,
    at timestamptz, at_text timestamptz, day date, amount numeric, is_open boolean, data jsonb)`);
  await db.execute(sql`create table mapping_children (id integer primary key, parent_id integer not null,
    note text, at timestamptz)`);
  await db.execute(sql`insert into mapping_parents values
    (1, 'b5a7d8f0-3c44-4f6e-9a55-0d4c5c1f2e01', 'First', '2026-12-07T01:02:03.456Z',
      '2026-12-07T01:02:03.456Z', '2026-12-07', '12.50', true, '{"tags": ["a", "b"]}'),
    (2, null, 'Second, mostly empty', null, null, null, null, null, null),
    (3, null, 'Third', '2025-01-01T00:00:00Z', null, '2025-01-01', '0', false, '{"tags": []}')`);
  await db.execute(sql`insert into mapping_children values
    (10, 1, 'with a note', '2026-12-07T05:00:00Z'), (11, 1, null, null), (12, 3, null, '2026-01-01T00:00:00Z')`);
}

type Prepared = {
  execute(): Promise<unknown[]>;
  customResultMapper?: unknown;
};

/** The statement's rows as the compiled mapper builds them, and as drizzle's mapResultRow does. */
async function bothWays(query: { prepare(name: string): unknown }, name: string) {
  const prepared = query.prepare(name) as Prepared;
  expect(typeof prepared.customResultMapper).toBe('function');
  const compiled = await prepared.execute();
  prepared.customResultMapper = undefined;
  const drizzles = await prepared.execute();
  return { compiled, drizzles };
}

describe('rows mapped by compiled mappers', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await createTables(database.db);
  });

  afterAll(async () => {
    await drop();
  });

  it('decodes a whole table as drizzle does (dates, numerics, json, nulls)', async () => {
    const { compiled, drizzles } = await bothWays(
      database.db.select().from(parents).orderBy(parents.id),
      'mapping_whole',
    );
    expect(compiled).toStrictEqual(drizzles);
    expect(compiled[0]).toMatchObject({
      at: new Date('2026-12-07T01:02:03.456Z'),
      data: { tags: ['a', 'b'] },
    });
    expect(compiled).toHaveLength(3);
  });

  it('nests objects, and nulls a left join with no row but not an inner join with null columns', async () => {
    const child = alias(children, 'child');
    const { compiled, drizzles } = await bothWays(
      database.db
        .select({
          parent: { id: parents.id, at: parents.at },
          child,
          childCount:
            sql<number>`(select count(*) from mapping_children c where c.parent_id = ${parents.id})`.mapWith(
              Number,
            ),
          label: sql<string>`upper(${parents.name})`.as('label'),
          extra: { day: parents.day, isOpen: parents.isOpen },
        })
        .from(parents)
        .leftJoin(child, eq(child.parentId, parents.id))
        .orderBy(parents.id, child.id),
      'mapping_joined',
    );
    expect(compiled).toStrictEqual(drizzles);
    // Parent 2 has no children: its child is null, as drizzle makes it; parent 1's second child,
    // with null columns after its id, is an object.
    expect(compiled.map((row) => (row as { child: { id: number } | null }).child?.id ?? null)).toEqual([
      10,
      11,
      null,
      12,
    ]);
    expect(compiled[0]).toMatchObject({ childCount: 2, label: 'FIRST', parent: { id: 1 } });
  });

  it('keeps an inner join whose first selected column is null, as drizzle does', async () => {
    const { compiled, drizzles } = await bothWays(
      database.db
        .select({ parent: { at: parents.at, name: parents.name }, child: { note: children.note } })
        .from(parents)
        .innerJoin(children, eq(children.parentId, parents.id))
        .orderBy(children.id),
      'mapping_inner',
    );
    expect(compiled).toStrictEqual(drizzles);
    expect(compiled[1]).toStrictEqual({
      parent: { at: new Date('2026-12-07T01:02:03.456Z'), name: 'First' },
      child: { note: null },
    });
  });

  it('runs the same mapper again for a statement run many times', async () => {
    const prepared = database.db
      .select({ id: parents.id, amount: parents.amount })
      .from(parents)
      .where(eq(parents.id, sql.placeholder('id')))
      .prepare('mapping_by_id');
    expect(await prepared.execute({ id: 1 })).toStrictEqual([{ id: 1, amount: '12.50' }]);
    expect(await prepared.execute({ id: 3 })).toStrictEqual([{ id: 3, amount: '0' }]);
    expect(await prepared.execute({ id: 99 })).toStrictEqual([]);
  });
});
