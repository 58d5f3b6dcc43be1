import { randomUUID } from 'node:crypto';
import type { Db } from '../platform/db/client.ts';
import { products } from '../platform/db/schema/index.ts';

type ProductOverrides = Partial<typeof products.$inferInsert>;

/** A product straight into the database, for tests whose subject is not product creation. */
export async function createTestProduct(db: Db, options: { merchantId: string } & ProductOverrides) {
  const suffix = randomUUID().slice(0, 8);
  const [product] = await db
    .insert(products)
    .values({ name: `Product ${suffix}`, sku: `SKU-${suffix}`, basePriceCents: 1_000, ...options })
    .returning();
  return product!;
}
