import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Database, Db } from './client.ts';

// A table of the committing transaction's tests (both engines' and PostgreSQL's own), made in
// each file's own test database.

export const probes = pgTable('commit_probes', {
  id: integer().primaryKey(),
  note: text().notNull(),
  at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
});

export const createProbes = (database: Database) =>
  database.db.execute(
    sql`create table commit_probes (id integer primary key, note text not null, at timestamptz not null)`,
  );

/** Inserts a probe and returns it, prepared with placeholders as placing's numbered insert is. */
export const insertProbe = (db: Db) =>
  db
    .insert(probes)
    .values({ id: sql.placeholder('id'), note: sql.placeholder('note'), at: sql.placeholder('at') })
    .returning()
    .prepare('commit_probe_insert');
