import { getTableName, sql } from 'drizzle-orm';
import { brands, categories, suppliers, unitsOfMeasure } from '../../platform/db/schema/index.ts';

// The tables behind the four kinds of taxonomy-kinds.ts, which describe the rest (labels, how
// the wire shape maps to these columns).

export const taxonomyTables = {
  brand: brands,
  supplier: suppliers,
  uom: unitsOfMeasure,
  category: categories,
};

/** The four tables share id, merchantId and name; the rest of their columns differ per kind. */
export type TaxonomyTable = (typeof taxonomyTables)[keyof typeof taxonomyTables];

// Spelled out because drizzle leaves columns unqualified in a one-table select, where a bare "id"
// would mean the subquery's own row. The alias hides that row's table name; categories_parent_idx
// makes the count cheap.
const outerCategoryId = sql`${sql.identifier(getTableName(categories))}.${sql.identifier(categories.id.name)}`;

/** Selected beside each category: how many sub-categories it has. */
export const categoryChildrenCount = sql<number>`(select count(*)::int from ${categories} as child where child.parent_id = ${outerCategoryId})`;
