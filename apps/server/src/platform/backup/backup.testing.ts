// What the backup tests compare and write with: every table's rows, and orders placed while a
// backup is taken.
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { seedDemo } from '../../seed/demo.ts';
import { PGLITE_DUMP_ENV, prepareDatabase } from '../../testing/test-database.ts';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as Rows<T>).rows;

/** Our tables, drizzle's migrations table and pg-boss's: everything a backup must bring back. */
const SCHEMAS = ['public', 'drizzle', 'pgboss'];

export type TableChecksum = { count: number; md5: string };

/**
 * Each table's row count and an md5 of all its rows as text, in a fixed order: two databases
 * with equal checksums hold the same rows, whichever engine or file they came through.
 */
export async function tableChecksums(db: Db): Promise<Record<string, TableChecksum>> {
  const tables = await rowsOf<{ table_schema: string; table_name: string }>(
    db.execute(sql`
      select table_schema, table_name from information_schema.tables
      where table_schema in (${sql.join(
        SCHEMAS.map((schema) => sql`${schema}`),
        sql`, `,
      )}) and table_type = 'BASE TABLE'
      order by table_schema, table_name`),
  );
  const checksums: Record<string, TableChecksum> = {};
  for (const { table_schema: schema, table_name: name } of tables) {
    const [row] = await rowsOf<TableChecksum>(
      db.execute(sql`
        select count(*)::int as count,
               md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as md5
        from ${sql.identifier(schema)}.${sql.identifier(name)} t`),
    );
    checksums[`${schema}.${name}`] = row!;
  }
  return checksums;
}

/**
 * A migrated PGlite database with the demo data in it, as a tarball each test starts its own
 * data dir from (seeding hashes passwords and places orders: once per file is enough).
 */
export async function seededPgliteDump(now: Date): Promise<Blob> {
  const dumpPath = process.env[PGLITE_DUMP_ENV];
  const database = await openDatabase(
    dumpPath ? { kind: 'pglite', loadDataDir: new Blob([await readFile(dumpPath)]) } : { kind: 'pglite' },
  );
  try {
    if (!dumpPath) await prepareDatabase(database);
    await seedDemo(database.db, now);
    // Uncompressed, as test-database.ts keeps its copy: each test loads it, and gzip slows that.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return await client.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/** The note the writer's copies carry. */
export const COPY_NOTE = 'backup-test copy';

/**
 * Places copies of the demo orders, one transaction each, until stopped: the order first, a pause,
 * then its lines. A backup taken between the two would hold an order without its lines.
 */
export function startOrderWriter(database: Database) {
  let committed = 0;
  let stopping = false;
  const run = (async () => {
    const sources = await rowsOf<{ id: string }>(
      database.db.execute(
        sql`select id from orders where exists (select from order_lines l where l.order_id = orders.id)`,
      ),
    );
    for (let i = 0; !stopping; i += 1) {
      const source = sources[i % sources.length]!.id;
      await database.db.transaction(async (tx) => {
        const [copy] = await rowsOf<{ id: string }>(
          tx.execute(sql`
            insert into orders (merchant_id, customer_account_id, number, invoice_number, customer_name,
              payment_terms_days, due_date, gst_rounding, subtotal_cents, delivery_fee_cents, gst_cents,
              total_cents, notes, purchase_order_number)
            select merchant_id, customer_account_id,
              (select max(number) + 1 from orders where merchant_id = o.merchant_id),
              (select max(invoice_number) + 1 from orders where merchant_id = o.merchant_id),
              customer_name, payment_terms_days, due_date, gst_rounding, subtotal_cents,
              delivery_fee_cents, gst_cents, total_cents, ${COPY_NOTE}, id::text
            from orders o where id = ${source}
            returning id`),
        );
        await sleep(2);
        await tx.execute(sql`
          insert into order_lines (merchant_id, order_id, product_id, position, name, sku, quantity,
            unit_price_cents, gst_rate_basis_points, subtotal_cents, gst_cents)
          select merchant_id, ${copy!.id}, product_id, position, name, sku, quantity, unit_price_cents,
            gst_rate_basis_points, subtotal_cents, gst_cents
          from order_lines where order_id = ${source}`);
      });
      committed += 1;
    }
  })();
  return {
    committed: () => committed,
    async stop() {
      stopping = true;
      await run;
    },
  };
}

/** How many copies the writer placed, and how many of them lack any of their source's lines. */
export async function countCopies(db: Db): Promise<{ copies: number; incomplete: number }> {
  const [row] = await rowsOf<{ copies: number; incomplete: number }>(
    db.execute(sql`
      select count(*)::int as copies,
             count(*) filter (where
               (select count(*) from order_lines l where l.order_id = o.id) <>
               (select count(*) from order_lines l where l.order_id = o.purchase_order_number::uuid)
             )::int as incomplete
      from orders o where notes = ${COPY_NOTE}`),
  );
  return row!;
}
