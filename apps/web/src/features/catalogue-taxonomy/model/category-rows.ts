import type { Category } from '@tradeport/contract';
import type { TaxonomyRow } from './taxonomy-kind.ts';

/**
 * Sub-categories move up under their parent when the parent is among the rows loaded so far;
 * otherwise they keep their place in name order (their parent is on a later page, or did not
 * match the search) and the Parent column says whose they are. Categories nest one level only,
 * so one pass is enough. Everything else keeps the server's name order.
 */
export function arrangeCategoryRows(categories: readonly Category[]): TaxonomyRow<Category>[] {
  const shown = new Set(categories.map((category) => category.id));
  const isUnderShownParent = (category: Category) =>
    category.parent_id !== null && shown.has(category.parent_id);

  const childrenOf = new Map<string, Category[]>();
  for (const category of categories) {
    if (!isUnderShownParent(category)) continue;
    const siblings = childrenOf.get(category.parent_id!) ?? [];
    siblings.push(category);
    childrenOf.set(category.parent_id!, siblings);
  }

  const rows: TaxonomyRow<Category>[] = [];
  for (const category of categories) {
    if (isUnderShownParent(category)) continue;
    rows.push({ item: category, isNested: false });
    for (const child of childrenOf.get(category.id) ?? []) rows.push({ item: child, isNested: true });
  }
  return rows;
}
