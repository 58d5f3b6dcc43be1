// The word rule: how every product search matches.

/** A search's words: split on spaces, each at most once (ignoring case), in the order typed. */
export function searchWords(search: string): string[] {
  const seen = new Set<string>();
  return search
    .split(/\s+/)
    .filter((word) => word !== '' && !seen.has(word.toLowerCase()) && seen.add(word.toLowerCase()));
}

/**
 * Word rule: a product matches a search when every word of it appears, ignoring case, in the
 * product's name, SKU or brand name, in any order ("milk barista" finds "Barista Oat Milk"). The
 * server applies it in SQL (on the trigram index); this is its statement, which that SQL is
 * tested against. Case is folded here by JavaScript, there by the database.
 */
export function matchesSearchWords(
  product: { name: string; sku: string; brandName: string | null },
  search: string,
): boolean {
  const text = `${product.name} ${product.sku}`.toLowerCase();
  const brand = product.brandName?.toLowerCase() ?? '';
  return searchWords(search.toLowerCase()).every((word) => text.includes(word) || brand.includes(word));
}
