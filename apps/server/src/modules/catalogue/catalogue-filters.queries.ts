import { and, eq, inArray, or, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { categories, products } from '../../platform/db/schema/index.ts';

// The catalogue's filters, as conditions on the `products` row in scope: each way a page is found
// (browse, search walks, postings) takes them as they are.

// Aliased: the outer query joins `categories` too, for each product's own category.
const filterCategory = alias(categories, 'filter_category');

/** Products in the category or, for a top-level category, in any of its sub-categories. */
export function inCategory(
  db: Db,
  options: { merchantId: string | Placeholder; categoryId: string | Placeholder },
) {
  const tree = db
    .select({ id: filterCategory.id })
    .from(filterCategory)
    .where(
      and(
        eq(filterCategory.merchantId, options.merchantId),
        or(eq(filterCategory.id, options.categoryId), eq(filterCategory.parentId, options.categoryId)),
      ),
    );
  return inArray(products.categoryId, tree);
}

/**
 * Products of the brand. No merchant check of its own: a product can only name its own merchant's
 * brand (products_brand_fk), so another merchant's brand finds none of this merchant's products.
 */
export const ofBrand = (brandId: string | Placeholder) => eq(products.brandId, brandId);
