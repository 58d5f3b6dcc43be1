import { randomUUID } from 'node:crypto';
import type { products, tierPrices, visibilityGroupProducts } from '../platform/db/schema/index.ts';
import { demoBarcode } from './ean13.ts';
import { LARGE_NOUNS } from './large-nouns.ts';
import { LARGE_BRANDS, LARGE_DESCRIPTORS, LARGE_SUPPLIERS } from './large-words.ts';

// Rows of the large data set, built in memory from indexes: the same input gives the same names,
// SKUs, prices and memberships on every run (only the uuids differ).

/** A cheap integer hash (Knuth's multiplicative), for spreading choices without randomness. */
export const mix = (n: number) => Math.imul(n + 1, 2_654_435_761) >>> 0;

const roundTo5 = (cents: number) => Math.max(5, Math.round(cents / 5) * 5);

/** Name → id of each vocabulary row, as inserted. */
export type Vocabulary = {
  brands: Map<string, string>;
  suppliers: Map<string, string>;
  units: Map<string, string>;
  /** By "Parent" or "Parent/Sub". */
  categories: Map<string, string>;
};

const idOf = (map: Map<string, string>, key: string) => {
  const id = map.get(key);
  if (!id) throw new Error(`large seed: unknown vocabulary "${key}"`);
  return id;
};

/** Product `i` of the merchant, e.g. "Coastal Dairy Organic Barista Milk 2L", SKU "BMK-000011". */
export function buildLargeProducts(options: { merchantId: string; count: number; vocabulary: Vocabulary }) {
  const { merchantId, count, vocabulary } = options;
  const nounCount = LARGE_NOUNS.length;
  const archivedAt = new Date('2025-06-30T00:00:00Z');
  const rows: (typeof products.$inferInsert & { id: string; basePriceCents: number })[] = [];
  for (let i = 0; i < count; i++) {
    const nounIndex = i % nounCount;
    const noun = LARGE_NOUNS[nounIndex]!;
    const q = Math.floor(i / nounCount);
    const descriptor = LARGE_DESCRIPTORS[q % LARGE_DESCRIPTORS.length]!;
    const sizes = Object.entries(noun.sizes);
    const [sizeLabel, sizeFactor] = sizes[Math.floor(q / LARGE_DESCRIPTORS.length) % sizes.length]!;
    // Six brands per kind of product, overlapping between kinds.
    const brand = LARGE_BRANDS[(nounIndex * 5 + (Math.floor(q / 48) % 6)) % LARGE_BRANDS.length]!;
    const supplier = LARGE_SUPPLIERS[(nounIndex + (i % 3)) % LARGE_SUPPLIERS.length]!;
    const basePriceCents = roundTo5(noun.priceCents * sizeFactor * (0.85 + (mix(i) % 31) / 100));
    const name = `${brand} ${descriptor} ${noun.name} ${sizeLabel}`;
    rows.push({
      id: randomUUID(),
      merchantId,
      name,
      sku: `${noun.code}-${String(i + 1).padStart(6, '0')}`,
      description: i % 4 === 0 ? `${descriptor} ${noun.name.toLowerCase()} from ${brand}.` : null,
      brandId: idOf(vocabulary.brands, brand),
      supplierId: idOf(vocabulary.suppliers, supplier),
      categoryId: idOf(vocabulary.categories, noun.category),
      unitOfMeasureId: idOf(vocabulary.units, noun.unit),
      basePriceCents,
      costCents: Math.round(basePriceCents * (0.55 + (mix(i + 7) % 20) / 100)),
      isGstApplicable: !noun.isGstFree,
      minOrderQuantity: noun.minOrderQuantity ?? 1,
      packSize: Number(/x (\d+)$/.exec(sizeLabel)?.[1] ?? 1),
      barcode: i % 9 === 8 ? null : demoBarcode(60_000 + Math.floor(i / 100_000), i % 100_000),
      image: null,
      // 2 % discontinued: kept for history, hidden from customers.
      archivedAt: i % 50 === 49 ? archivedAt : null,
    });
  }
  return rows;
}

/**
 * `total` tier prices spread evenly over the tiers; each tier prices an evenly spaced run of
 * products from its own starting point, 78–92 % of the base price.
 */
export function buildTierPrices(options: {
  merchantId: string;
  tierIds: string[];
  products: { id: string; basePriceCents: number }[];
  total: number;
}): (typeof tierPrices.$inferInsert)[] {
  const { merchantId, tierIds, products: list, total } = options;
  const rows: (typeof tierPrices.$inferInsert)[] = [];
  const size = list.length;
  tierIds.forEach((tierId, k) => {
    const count = Math.min(size, Math.floor(total / tierIds.length) + (k < total % tierIds.length ? 1 : 0));
    const offset = mix(k) % size;
    for (let j = 0; j < count; j++) {
      const i = (offset + Math.floor((j * size) / count)) % size;
      const product = list[i]!;
      const discount = 0.78 + (mix(i + k * 7_919) % 15) / 100;
      rows.push({
        merchantId,
        tierId,
        productId: product.id,
        priceCents: roundTo5(product.basePriceCents * discount),
      });
    }
  });
  return rows;
}

/** About `share` of the products, each in one of the groups. */
export function buildGroupProducts(options: {
  merchantId: string;
  groupIds: string[];
  products: { id: string }[];
  share: number;
}): (typeof visibilityGroupProducts.$inferInsert)[] {
  const { merchantId, groupIds, products: list, share } = options;
  const rows: (typeof visibilityGroupProducts.$inferInsert)[] = [];
  list.forEach((product, i) => {
    const h = mix(i + 1_000_003);
    if (h % 1000 < share * 1000)
      rows.push({ merchantId, groupId: groupIds[(h >>> 10) % groupIds.length]!, productId: product.id });
  });
  return rows;
}
