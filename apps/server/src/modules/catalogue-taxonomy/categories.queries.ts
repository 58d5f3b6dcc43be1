import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { categories } from '../../platform/db/schema/index.ts';

export async function countChildCategories(options: { db: Db; merchantId: string; id: string }) {
  const [row] = await options.db
    .select({ children: count() })
    .from(categories)
    .where(and(eq(categories.merchantId, options.merchantId), eq(categories.parentId, options.id)));
  return Number(row?.children ?? 0);
}

/** The merchant's category's own parent; undefined for another merchant's or a missing id. */
export async function findCategoryParent(options: { db: Db; merchantId: string; id: string }) {
  const [row] = await options.db
    .select({ parentId: categories.parentId })
    .from(categories)
    .where(and(eq(categories.merchantId, options.merchantId), eq(categories.id, options.id)));
  return row;
}
