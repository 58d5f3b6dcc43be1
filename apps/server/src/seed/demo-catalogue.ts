import { and, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../platform/db/client.ts';
import {
  brands,
  categories,
  customerAccounts,
  organisations,
  pricingTiers,
  products,
  suppliers,
  tierPrices,
  unitsOfMeasure,
  visibilityGroupCustomers,
  visibilityGroupProducts,
  visibilityGroups,
} from '../platform/db/schema/index.ts';
import { bulkInsert } from './bulk-insert.ts';
import { DEMO_FAMILIES } from './demo-catalogue-products.ts';
import { demoBarcode } from './ean13.ts';

const BRANDS = [
  'Harbour Roast Co.',
  'Bondi Bean Roasters',
  'Tasman Tea Co.',
  'Golden Wattle',
  'Coastal Creamery',
  'Oat & Co.',
  'Bakehouse Lane',
  'Southern Cross Syrups',
  'Sparkle Beverage Co.',
  'Outback Orchard',
  'EcoServe',
  'Crystal Clean',
];

const SUPPLIERS = [
  { name: 'Pacific Coffee Traders', contactEmail: 'orders@pacificcoffee.test', phone: '02 9555 0201' },
  { name: 'Metro Dairy Distributors', contactEmail: 'sales@metrodairy.test', phone: '02 9555 0202' },
  { name: 'Flemington Fresh Produce', contactEmail: 'desk@flemingtonfresh.test', phone: '02 9555 0203' },
  { name: 'Allied Packaging Supplies', contactEmail: 'orders@alliedpack.test', phone: '02 9555 0204' },
  { name: 'Hygiene Direct', contactEmail: 'trade@hygienedirect.test', phone: '1300 555 205' },
];

const UNITS = [
  { name: 'Each', abbreviation: 'ea' },
  { name: 'Carton', abbreviation: 'ctn' },
  { name: 'Kilogram', abbreviation: 'kg' },
  { name: 'Litre', abbreviation: 'L' },
  { name: 'Bottle', abbreviation: 'btl' },
  { name: 'Pack', abbreviation: 'pk' },
  { name: 'Bag', abbreviation: 'bag' },
];

/** Top-level category → its sub-categories (one level of nesting, as the schema allows). */
const CATEGORIES: Record<string, string[]> = {
  'Coffee & Tea': ['Coffee Beans', 'Tea', 'Drinking Powders'],
  'Dairy & Alternatives': ['Milk', 'Plant Milk', 'Cream & Yoghurt', 'Cheese & Butter'],
  Bakery: ['Bread', 'Pastries & Cakes'],
  'Syrups & Sauces': ['Coffee Syrups', 'Sauces & Toppings'],
  Beverages: ['Soft Drinks', 'Juices', 'Water'],
  'Fresh Produce': ['Fruit', 'Vegetables & Salad'],
  Pantry: ['Sugar & Sweeteners', 'Dry Goods & Oils'],
  'Packaging & Takeaway': ['Cups & Lids', 'Containers & Bags'],
  'Cleaning & Hygiene': [],
};

/** Which demo customers (by slug) sit in which tier; Saltwater Kitchen pays base prices. */
const TIERS = [
  {
    name: 'Wholesale',
    description: 'Trade pricing for regular accounts: about 5 % off a third of the range.',
    discount: 0.95,
    customers: ['the-corner-bistro', 'northside-bakery'],
  },
  {
    name: 'Hospitality Partner',
    description: 'Café partners on a supply agreement: 10 % off coffee, milk and staples.',
    discount: 0.9,
    customers: ['bean-there-cafe'],
  },
];
const PREMIUM_GROUP = {
  name: 'Premium coffee — partners only',
  description: 'Small-lot single origins, offered to partner cafés only.',
  customers: ['bean-there-cafe'],
};
const BARCODE_COMPANY = 10_472;

const roundTo5 = (cents: number) => Math.round(cents / 5) * 5;

/** Every demo product, in a fixed order, with its vocabulary by name. Same output on every run. */
export function buildDemoProducts() {
  let n = 0;
  return DEMO_FAMILIES.flatMap((family) => {
    const sizes = Object.entries(family.sizes);
    return family.names.split('; ').flatMap((baseName, nameIndex) =>
      sizes.map(([label, cents], sizeIndex) => {
        n += 1;
        const name = label ? `${baseName} ${label}` : baseName;
        // Spread prices within a family a little, so the list does not read as a price sheet.
        const basePriceCents = roundTo5(cents * (1 + ((nameIndex * 3 + sizeIndex) % 5) * 0.04));
        return {
          n,
          family,
          name,
          sku: `${family.skuPrefix}-${String(nameIndex * sizes.length + sizeIndex + 1).padStart(3, '0')}`,
          basePriceCents,
          costCents: Math.round(basePriceCents * (0.58 + ((n * 7) % 5) * 0.03)),
          // "x 12" names what one unit holds, and the price is that pack's: each is ordered by the
          // pack (pack size 1). Taking 12 as the pack size charged twelve packs for one.
          packSize: 1,
          barcode: family.hasBarcode === false ? null : demoBarcode(BARCODE_COMPANY, n),
          // A few discontinued lines, so the archived filter has something to show.
          isArchived: n % 29 === 28,
        };
      }),
    );
  });
}

const byName = (rows: Record<string, unknown>[]) => new Map(rows.map((r) => [String(r.name), String(r.id)]));
const need = (map: Map<string, string>, key: string) => {
  const id = map.get(key);
  if (!id) throw new Error(`demo catalogue: unknown "${key}"`);
  return id;
};

/**
 * Harbourside Wholesale's catalogue: vocabulary, ~200 products, two pricing tiers with the demo
 * customers in them, and a partners-only visibility group. One insert per table.
 */
export async function seedDemoCatalogue(tx: Db, merchantId: string): Promise<void> {
  const insertNamed = async <T extends PgTable>(table: T, rows: T['$inferInsert'][]) =>
    byName(await bulkInsert(tx, { table, rows, returning: ['id', 'name'] }));
  const brandIds = await insertNamed(
    brands,
    BRANDS.map((name) => ({ merchantId, name })),
  );
  const supplierIds = await insertNamed(
    suppliers,
    SUPPLIERS.map((supplier) => ({ merchantId, ...supplier })),
  );
  const unitIds = await insertNamed(
    unitsOfMeasure,
    UNITS.map((unit) => ({ merchantId, ...unit })),
  );
  const parentIds = await insertNamed(
    categories,
    Object.keys(CATEGORIES).map((name) => ({ merchantId, name })),
  );
  // Sub-category names are unique under their parent, so "Parent/Sub" names each one.
  const parentNames = new Map([...parentIds].map(([name, id]) => [id, name]));
  const subRows = await bulkInsert(tx, {
    table: categories,
    rows: Object.entries(CATEGORIES).flatMap(([parent, subs]) =>
      subs.map((name) => ({ merchantId, parentId: need(parentIds, parent), name })),
    ),
    returning: ['id', 'name', 'parentId'],
  });
  const categoryIds = new Map(parentIds);
  for (const row of subRows) {
    categoryIds.set(`${parentNames.get(String(row.parentId))}/${String(row.name)}`, String(row.id));
  }

  const demoProducts = buildDemoProducts();
  const archivedAt = new Date('2025-06-30T00:00:00Z');
  const inserted = await bulkInsert(tx, {
    table: products,
    rows: demoProducts.map(({ family, n: _n, isArchived, ...product }) => ({
      ...product,
      merchantId,
      description: family.description,
      brandId: family.brand ? need(brandIds, family.brand) : null,
      supplierId: need(supplierIds, family.supplier),
      categoryId: need(categoryIds, family.category),
      unitOfMeasureId: need(unitIds, family.unit),
      isGstApplicable: !family.isGstFree,
      minOrderQuantity: family.minOrderQuantity ?? 1,
      image: null, // the web app draws a placeholder
      archivedAt: isArchived ? archivedAt : null,
    })),
    returning: ['id', 'sku'],
  });
  const productIds = new Map(inserted.map((row) => [String(row.sku), String(row.id)]));
  const active = demoProducts.filter((product) => !product.isArchived);

  const tierIds = await insertNamed(
    pricingTiers,
    TIERS.map(({ name, description }) => ({ merchantId, name, description })),
  );
  const isCafeStaple = (prefix: string) => ['COF', 'SGL', 'MLK', 'PLT'].includes(prefix);
  const [wholesale, partner] = TIERS;
  const tierPrice = (tier: (typeof TIERS)[number], product: (typeof active)[number]) => ({
    merchantId,
    tierId: need(tierIds, tier.name),
    productId: need(productIds, product.sku),
    priceCents: roundTo5(product.basePriceCents * tier.discount),
  });
  await bulkInsert(tx, {
    table: tierPrices,
    rows: [
      ...active.filter((product) => product.n % 3 === 0).map((product) => tierPrice(wholesale!, product)),
      ...active
        .filter((product) => isCafeStaple(product.family.skuPrefix) || product.n % 5 === 2)
        .map((product) => tierPrice(partner!, product)),
    ],
  });

  const accounts = await tx
    .select({ id: customerAccounts.id, slug: organisations.slug })
    .from(customerAccounts)
    .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
    .where(eq(customerAccounts.merchantId, merchantId));
  const accountIds = (slugs: string[]) => accounts.filter((a) => slugs.includes(a.slug)).map((a) => a.id);
  for (const tier of TIERS) {
    const ids = accountIds(tier.customers);
    if (ids.length === 0) continue;
    await tx
      .update(customerAccounts)
      .set({ pricingTierId: need(tierIds, tier.name) })
      .where(and(eq(customerAccounts.merchantId, merchantId), inArray(customerAccounts.id, ids)));
  }

  const groupId = need(
    await insertNamed(visibilityGroups, [
      { merchantId, name: PREMIUM_GROUP.name, description: PREMIUM_GROUP.description },
    ]),
    PREMIUM_GROUP.name,
  );
  await bulkInsert(tx, {
    table: visibilityGroupProducts,
    rows: demoProducts
      .filter((product) => product.family.isPremium)
      .map((product) => ({ merchantId, groupId, productId: need(productIds, product.sku) })),
  });
  await bulkInsert(tx, {
    table: visibilityGroupCustomers,
    rows: accountIds(PREMIUM_GROUP.customers).map((customerAccountId) => ({
      merchantId,
      groupId,
      customerAccountId,
    })),
  });
}
