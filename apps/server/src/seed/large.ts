import { randomUUID } from 'node:crypto';
import { TRIAL_LENGTH_DAYS } from '@tradeport/contract';
import { eq, sql } from 'drizzle-orm';
import { createHouseAccount } from '../modules/organisations/organisations.service.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import type { Db } from '../platform/db/client.ts';
import {
  brands,
  categories,
  memberships,
  organisations,
  pricingTiers,
  products,
  suppliers,
  tierPrices,
  unitsOfMeasure,
  users,
  visibilityGroupProducts,
  visibilityGroups,
} from '../platform/db/schema/index.ts';
import { bulkInsert } from './bulk-insert.ts';
import {
  buildGroupProducts,
  buildLargeProducts,
  buildTierPrices,
  type Vocabulary,
} from './large-catalogue.ts';
import { seedCustomers, slugify } from './large-customers.ts';
import { seedLargeOrders } from './large-orders.ts';
import { compactRollups } from '../modules/receivables/rollups-compaction.job.ts';
import { LARGE_NOUNS } from './large-nouns.ts';
import { LARGE_BRANDS, LARGE_SUPPLIERS, LARGE_UNITS } from './large-words.ts';

export type SeedLargeOptions = {
  /** The merchant's slug; its users are admin@<slug>.test and customer@<slug>.test. */
  slug?: string;
  products?: number;
  tiers?: number;
  /** Across all tiers. */
  tierPrices?: number;
  groups?: number;
  /** Fraction of products in a visibility group. */
  groupShare?: number;
  customers?: number;
  /**
   * Orders across the customers (seedLargeOrders), most of them paid (large-payments.ts); 0 for a
   * catalogue only.
   */
  orders?: number;
  password?: string;
  /** Progress lines (one per stage, with its time); silent when absent. */
  log?: (line: string) => void;
  now?: Date;
};

export type SeedLargeResult = {
  merchantId: string;
  /** The customer the customer user belongs to: in the first tier and in two groups. */
  customerOrganisationId: string;
  adminEmail: string;
  customerEmail: string;
  password: string;
  stages: { name: string; ms: number }[];
  totalMs: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** A refusal worth one line to the person running the seed, not a stack trace. */
export class SeedLargeError extends Error {}

const DEFAULTS = {
  slug: 'large-wholesale',
  products: 100_000,
  tiers: 20,
  tierPrices: 300_000,
  groups: 50,
  groupShare: 0.1,
  customers: 5_000,
  orders: 1_000_000,
  password: 'large-password-1',
};

const withIds = <T extends object>(rows: T[]) => rows.map((row) => ({ id: randomUUID(), ...row }));
const idsByName = (rows: { id: string; name: string }[]) => new Map(rows.map((row) => [row.name, row.id]));

/**
 * A merchant with a large catalogue (100,000 products, 20 tiers, 300,000 tier prices, 50
 * visibility groups, 5,000 customers by default), for benchmarks and for trying the screens at
 * scale. Rows are built in memory and sent as one JSON parameter per chunk, in one transaction.
 */
export async function seedLarge(db: Db, options: SeedLargeOptions = {}): Promise<SeedLargeResult> {
  // An option passed as undefined keeps its default.
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const settings = { ...DEFAULTS, ...given } as typeof DEFAULTS & SeedLargeOptions;
  if (settings.customers < 1) throw new Error('seedLarge needs at least one customer');
  const { slug } = settings;
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const stages: SeedLargeResult['stages'] = [];
  const startedAt = performance.now();
  const stage = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const began = performance.now();
    const value = await run();
    const ms = performance.now() - began;
    stages.push({ name, ms });
    log(`  ${name.padEnd(44)} ${ms.toFixed(0).padStart(7)} ms`);
    return value;
  };

  const [taken] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, slug));
  if (taken) throw new SeedLargeError(`A merchant with slug "${slug}" already exists.`);
  const passwordHash = await stage('password hash', () => hashPassword(settings.password));
  const seeded = await db.transaction(async (tx) => {
    const title = slug === DEFAULTS.slug ? 'Large Wholesale' : `Large Wholesale (${slug})`;
    const merchantId = await stage('merchant and admin user', async () => {
      const [merchant] = await tx
        .insert(organisations)
        .values({
          kind: 'MERCHANT',
          title,
          slug,
          contactEmail: `accounts@${slug}.test`,
          suburb: 'Alexandria',
          state: 'NSW',
          postcode: '2015',
          // Its orders come with their payments (large-payments.ts), and the screens show them.
          paymentsEnabled: true,
          trialEnd: new Date(now.getTime() + TRIAL_LENGTH_DAYS * DAY_MS),
        })
        .returning();
      await createHouseAccount(tx, merchant!);
      const [admin] = await tx
        .insert(users)
        .values({ email: `admin@${slug}.test`, name: 'Alex Morgan', passwordHash })
        .returning({ id: users.id });
      await tx.insert(memberships).values({
        userId: admin!.id,
        organisationId: merchant!.id,
        level: 'Admin',
        invitationAccepted: true,
      });
      return merchant!.id;
    });

    const vocabulary = await stage('vocabulary', () => seedVocabulary(tx, merchantId));

    const productRows = await stage(`products (${settings.products})`, async () => {
      const rows = buildLargeProducts({ merchantId, count: settings.products, vocabulary });
      await bulkInsert(tx, { table: products, rows, chunkSize: 10_000 });
      return rows;
    });

    const tierIds = await stage(`pricing tiers (${settings.tiers}) and prices`, async () => {
      const tiers = withIds(
        Array.from({ length: settings.tiers }, (_, k) => ({
          merchantId,
          name: `Tier ${String(k + 1).padStart(2, '0')}`,
          description: `Price list ${k + 1}`,
        })),
      );
      await bulkInsert(tx, { table: pricingTiers, rows: tiers });
      const ids = tiers.map((tier) => tier.id);
      const rows = buildTierPrices({
        merchantId,
        tierIds: ids,
        products: productRows,
        total: settings.tierPrices,
      });
      await bulkInsert(tx, { table: tierPrices, rows, chunkSize: 50_000 });
      return ids;
    });

    const groupIds = await stage(`visibility groups (${settings.groups}) and products`, async () => {
      const groups = withIds(
        Array.from({ length: settings.groups }, (_, g) => ({
          merchantId,
          name: `Group ${String(g + 1).padStart(2, '0')}`,
          description: `Products for selected customers (${g + 1})`,
        })),
      );
      await bulkInsert(tx, { table: visibilityGroups, rows: groups });
      const ids = groups.map((group) => group.id);
      const rows = buildGroupProducts({
        merchantId,
        groupIds: ids,
        products: productRows,
        share: settings.groupShare,
      });
      await bulkInsert(tx, { table: visibilityGroupProducts, rows, chunkSize: 50_000 });
      return ids;
    });

    const customerOrganisationId = await stage(`customers (${settings.customers})`, () =>
      seedCustomers(tx, { merchantId, slug, count: settings.customers, tierIds, groupIds }),
    );

    await stage('customer user', async () => {
      const [customer] = await tx
        .insert(users)
        .values({ email: `customer@${slug}.test`, name: 'Jordan Lee', passwordHash })
        .returning({ id: users.id });
      await tx.insert(memberships).values({
        userId: customer!.id,
        organisationId: customerOrganisationId,
        level: 'Admin',
        invitationAccepted: true,
      });
    });
    return { merchantId, customerOrganisationId };
  });

  await stage(`orders and their payments (${settings.orders})`, () =>
    seedLargeOrders(db, {
      merchantId: seeded.merchantId,
      count: settings.orders,
      now,
      log,
      // The customer user's own account has the long history, so its statement is a long one.
      busyCustomerOrganisationId: seeded.customerOrganisationId,
    }),
  );

  // Built entry by entry as a million orders went in, the search's GIN indexes came out 40 % larger
  // and ten times slower to read (33 ms against 3 ms for a PO number) than built at once, as a
  // restored database would have them.
  if (settings.orders > 0) {
    await stage('order search indexes, rebuilt', async () => {
      await db.execute(sql`reindex index orders_search_idx`);
      await db.execute(sql`reindex index orders_search_numbers_idx`);
    });
  }

  // The overview's change rows the seeding's writes added, folded into its totals: a fresh
  // database starts compact, as the minutely job would leave it.
  await stage('rollups compaction', () => compactRollups(db));

  // Fresh statistics, so the first queries are planned for 100,000 rows rather than for none.
  await stage('analyze', () =>
    db.execute(
      sql`analyze products, tier_prices, visibility_group_products, visibility_group_customers, customer_accounts, organisations, orders, order_lines, order_events, payments, payment_allocations, receivables_owed_totals, receivables_received_totals, receivables_owed_changes, receivables_received_changes`,
    ),
  );
  return {
    merchantId: seeded.merchantId,
    customerOrganisationId: seeded.customerOrganisationId,
    adminEmail: `admin@${slug}.test`,
    customerEmail: `customer@${slug}.test`,
    password: settings.password,
    stages,
    totalMs: performance.now() - startedAt,
  };
}

async function seedVocabulary(tx: Db, merchantId: string): Promise<Vocabulary> {
  const brandRows = withIds(LARGE_BRANDS.map((name) => ({ merchantId, name })));
  const supplierRows = withIds(
    LARGE_SUPPLIERS.map((name) => ({ merchantId, name, contactEmail: `orders@${slugify(name)}.test` })),
  );
  const unitRows = withIds(LARGE_UNITS.map((unit) => ({ merchantId, ...unit })));
  const paths = [...new Set(LARGE_NOUNS.map((noun) => noun.category))];
  const parentRows = withIds(
    [...new Set(paths.map((path) => path.split('/')[0]!))].map((name) => ({
      merchantId,
      name,
      parentId: null,
    })),
  );
  const parentIds = idsByName(parentRows);
  const subRows = paths
    .filter((path) => path.includes('/'))
    .map((path) => {
      const [parent, name] = path.split('/') as [string, string];
      return { id: randomUUID(), merchantId, name, parentId: parentIds.get(parent)!, path };
    });
  await bulkInsert(tx, { table: brands, rows: brandRows });
  await bulkInsert(tx, { table: suppliers, rows: supplierRows });
  await bulkInsert(tx, { table: unitsOfMeasure, rows: unitRows });
  await bulkInsert(tx, { table: categories, rows: parentRows });
  await bulkInsert(tx, { table: categories, rows: subRows.map(({ path: _path, ...row }) => row) });
  return {
    brands: idsByName(brandRows),
    suppliers: idsByName(supplierRows),
    units: idsByName(unitRows),
    categories: new Map([...parentIds, ...subRows.map((row) => [row.path, row.id] as const)]),
  };
}
