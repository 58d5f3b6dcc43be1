import type { CatalogueCategoryFacet } from '@tradeport/contract';

/** An option of a native select, or a group of them (an <optgroup>). */
export type SelectOption = { value: string; label: string };
export type SelectEntry = SelectOption | { group: string; items: SelectOption[] };

/**
 * The category select's entries, in the server's name order: a top-level category on its own,
 * or, with sub-categories, a group named for it holding "All <name>" (it filters its
 * sub-categories' products too) and then each sub-category. A sub-category whose parent is not
 * listed (the list was cut short) stands on its own.
 */
export function categoryOptions(categories: readonly CatalogueCategoryFacet[]): SelectEntry[] {
  const listed = new Set(categories.map((category) => category.id));
  const childrenOf = new Map<string, SelectOption[]>();
  for (const category of categories) {
    if (category.parent_id === null || !listed.has(category.parent_id)) continue;
    const siblings = childrenOf.get(category.parent_id) ?? [];
    siblings.push({ value: category.id, label: category.name });
    childrenOf.set(category.parent_id, siblings);
  }
  return categories
    .filter((category) => category.parent_id === null || !listed.has(category.parent_id))
    .map((category) => {
      const children = childrenOf.get(category.id);
      const own = { value: category.id, label: category.name };
      return children
        ? { group: category.name, items: [{ ...own, label: `All ${category.name}` }, ...children] }
        : own;
    });
}

/** Whether `value` is one of the entries' options. */
export const isAmong = (entries: readonly SelectEntry[], value: string) =>
  entries.some((entry) =>
    'group' in entry ? entry.items.some((item) => item.value === value) : entry.value === value,
  );
