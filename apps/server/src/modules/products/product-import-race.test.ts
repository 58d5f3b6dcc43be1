import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client.ts';
import { products } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { importProducts } from './product-import.service.ts';
import { productTestKit } from './products.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { create, snapshot, newMerchant } = productTestKit(() => t);

/**
 * The database, except that inside its transactions `competing` runs just before new products are
 * inserted: after the import compared its rows, before it writes the ones it updates.
 */
function withEditBeforeInsert(db: Db, competing: (tx: Db) => Promise<void>): Db {
  const inTransaction = (tx: Db) =>
    new Proxy(tx, {
      get(target, property, receiver) {
        if (property !== 'insert') return Reflect.get(target, property, receiver) as unknown;
        return (table: typeof products) => ({
          values: (rows: never) => ({
            returning: async (fields: never) => {
              await competing(target);
              return target.insert(table).values(rows).returning(fields);
            },
          }),
        });
      },
    });
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
      return (run: (tx: Db) => Promise<unknown>) => target.transaction((tx) => run(inTransaction(tx as Db)));
    },
  });
}

describe('CSV import against a concurrent edit', () => {
  it('writes a row found unchanged that someone edited before the write, and counts it updated', async () => {
    const { merchantId, admin } = await newMerchant();
    await create(merchantId, admin.headers, { sku: 'SAME-1', name: 'Same', base_price_cents: 100 });
    const db = withEditBeforeInsert(t.database.db as Db, async (tx) => {
      await tx
        .update(products)
        .set({ name: 'Edited meanwhile', version: sql`${products.version} + 1` })
        .where(eq(products.merchantId, merchantId));
    });
    const result = await importProducts(db, {
      merchantId,
      csv: 'sku,name,base_price\nSAME-1,Same,1.00\nNEW-1,New,2.00',
      isDryRun: false,
      now: new Date(),
    });
    expect(result).toMatchObject({ is_written: true, created: 1, updated: 1, unchanged: 0 });
    const bySku = Object.fromEntries((await snapshot(merchantId)).map((row) => [row.sku, row]));
    expect(bySku['SAME-1']?.name).toBe('Same');
    expect(bySku['NEW-1']?.name).toBe('New');
  });

  it('counts, on a file refused for a bad row, the rows it would update, writing nothing', async () => {
    const { merchantId, admin } = await newMerchant();
    await create(merchantId, admin.headers, { sku: 'KEEP-1', name: 'Keep', base_price_cents: 100 });
    await create(merchantId, admin.headers, { sku: 'EDIT-1', name: 'Edit', base_price_cents: 100 });
    const before = await snapshot(merchantId);
    const result = await importProducts(t.database.db as Db, {
      merchantId,
      csv: 'sku,name,base_price\nKEEP-1,Keep,1.00\nEDIT-1,Edited,1.00\nBAD 1,,x',
      isDryRun: false,
      now: new Date(),
    });
    expect(result).toMatchObject({ is_written: false, created: 0, updated: 1, unchanged: 1 });
    expect(result.errors.length).toBeGreaterThan(0);
    expect(await snapshot(merchantId)).toEqual(before);
  });
});
