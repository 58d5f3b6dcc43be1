import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createTestProduct, openTestDatabase } from '../../testing/index.ts';
import type { Database } from './client.ts';
import { FOREIGN_KEY_VIOLATION, findDatabaseError, isReferenceRefusal } from './database-errors.ts';
import {
  brands,
  categories,
  customerAccounts,
  pricingTiers,
  products,
  tierPrices,
  visibilityGroupCustomers,
  visibilityGroupProducts,
  visibilityGroups,
} from './schema/index.ts';

// The composite foreign keys (merchantReference): whatever the code above forgets to check, the
// database itself refuses a row of one merchant that points at another merchant's record. Runs on
// PGlite, and on PostgreSQL with DATABASE_URL.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

/** Two merchants, each with a brand, category, tier, group, product and customer account. */
async function twoMerchants() {
  const { db } = database;
  const merchant = async () => {
    const { id: merchantId } = await createOrganisation(db);
    const customer = await createOrganisation(db, { kind: 'CUSTOMER' });
    const [brand] = await db.insert(brands).values({ merchantId, name: 'Bega' }).returning();
    const [category] = await db.insert(categories).values({ merchantId, name: 'Dairy' }).returning();
    const [tier] = await db.insert(pricingTiers).values({ merchantId, name: 'Gold' }).returning();
    const [group] = await db.insert(visibilityGroups).values({ merchantId, name: 'Cafes' }).returning();
    const [account] = await db
      .insert(customerAccounts)
      .values({ merchantId, customerOrganisationId: customer.id })
      .returning();
    const product = await createTestProduct(db, { merchantId });
    return {
      merchantId,
      brand: brand!,
      category: category!,
      tier: tier!,
      group: group!,
      account: account!,
      product,
    };
  };
  return { mine: await merchant(), theirs: await merchant() };
}

async function foreignKeyRefusal(write: Promise<unknown>) {
  const error = await write.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return findDatabaseError(error)?.code;
}

describe('composite foreign keys', () => {
  it("refuses a product, category or customer account pointing at another merchant's record", async () => {
    const { db } = database;
    const { mine, theirs } = await twoMerchants();
    const refusals = [
      await foreignKeyRefusal(
        createTestProduct(db, { merchantId: mine.merchantId, brandId: theirs.brand.id }),
      ),
      await foreignKeyRefusal(
        createTestProduct(db, { merchantId: mine.merchantId, categoryId: theirs.category.id }),
      ),
      await foreignKeyRefusal(
        db
          .insert(categories)
          .values({ merchantId: mine.merchantId, name: 'Milk', parentId: theirs.category.id }),
      ),
      await foreignKeyRefusal(
        db
          .update(customerAccounts)
          .set({ pricingTierId: theirs.tier.id })
          .where(eq(customerAccounts.id, mine.account.id)),
      ),
    ];
    expect(refusals).toEqual(Array(4).fill(FOREIGN_KEY_VIOLATION));
    // The merchant's own records are fine.
    const own = await createTestProduct(db, {
      merchantId: mine.merchantId,
      brandId: mine.brand.id,
      categoryId: mine.category.id,
    });
    expect(own.brandId).toBe(mine.brand.id);
  });

  it("refuses a tier price or group member of one merchant naming another merchant's product, tier, group or customer", async () => {
    const { db } = database;
    const { mine, theirs } = await twoMerchants();
    const refusals = [
      // My tier, their product; and their tier filed under my merchant.
      await foreignKeyRefusal(
        db.insert(tierPrices).values({
          merchantId: mine.merchantId,
          tierId: mine.tier.id,
          productId: theirs.product.id,
          priceCents: 1,
        }),
      ),
      await foreignKeyRefusal(
        db.insert(tierPrices).values({
          merchantId: mine.merchantId,
          tierId: theirs.tier.id,
          productId: mine.product.id,
          priceCents: 1,
        }),
      ),
      await foreignKeyRefusal(
        db
          .insert(visibilityGroupProducts)
          .values({ merchantId: mine.merchantId, groupId: mine.group.id, productId: theirs.product.id }),
      ),
      await foreignKeyRefusal(
        db.insert(visibilityGroupCustomers).values({
          merchantId: mine.merchantId,
          groupId: mine.group.id,
          customerAccountId: theirs.account.id,
        }),
      ),
    ];
    expect(refusals).toEqual(Array(4).fill(FOREIGN_KEY_VIOLATION));
    await db.insert(tierPrices).values({
      merchantId: mine.merchantId,
      tierId: mine.tier.id,
      productId: mine.product.id,
      priceCents: 1,
    });
    expect(await db.select().from(tierPrices).where(eq(tierPrices.tierId, mine.tier.id))).toHaveLength(1);
  });

  it('deleting a tier moves its customers to base prices and keeps them with their merchant', async () => {
    const { db } = database;
    const { mine } = await twoMerchants();
    await db
      .update(customerAccounts)
      .set({ pricingTierId: mine.tier.id })
      .where(eq(customerAccounts.id, mine.account.id));

    await db.delete(pricingTiers).where(eq(pricingTiers.id, mine.tier.id));

    const [account] = await db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.id, mine.account.id));
    expect(account).toMatchObject({ merchantId: mine.merchantId, pricingTierId: null });
  });

  it('deleting a group takes its products and customers with it; a used product cannot go', async () => {
    const { db } = database;
    const { mine } = await twoMerchants();
    const member = { merchantId: mine.merchantId, groupId: mine.group.id };
    await db.insert(visibilityGroupProducts).values({ ...member, productId: mine.product.id });
    await db.insert(visibilityGroupCustomers).values({ ...member, customerAccountId: mine.account.id });

    // ON DELETE RESTRICT: PostgreSQL 15 reports 23503, 17 (PGlite) 23001; the services' 409 reads both.
    const refused = await db
      .delete(products)
      .where(eq(products.id, mine.product.id))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isReferenceRefusal(refused)).toBe(true);
    await db.delete(visibilityGroups).where(eq(visibilityGroups.id, mine.group.id));
    expect(
      await db
        .select()
        .from(visibilityGroupProducts)
        .where(eq(visibilityGroupProducts.groupId, mine.group.id)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(visibilityGroupCustomers)
        .where(eq(visibilityGroupCustomers.groupId, mine.group.id)),
    ).toEqual([]);
  });
});
