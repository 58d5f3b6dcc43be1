import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { brands, categories, suppliers, unitsOfMeasure } from '../../platform/db/schema/index.ts';

/** The table each of a product's references points at, by the field that names it. */
const REFERENCED_TABLES = {
  brand_id: brands,
  supplier_id: suppliers,
  category_id: categories,
  unit_of_measure_id: unitsOfMeasure,
};

export type ReferenceField = keyof typeof REFERENCED_TABLES;

/** Those of `ids` that are the merchant's own records of the field's kind. */
export async function listOwnedReferenceIds(
  db: Db,
  options: { field: ReferenceField; merchantId: string; ids: string[] },
): Promise<Set<string>> {
  const table = REFERENCED_TABLES[options.field];
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.merchantId, options.merchantId), inArray(table.id, options.ids)));
  return new Set(found.map((row) => row.id));
}
