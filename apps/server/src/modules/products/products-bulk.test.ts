import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BULK_MATCHING_PRODUCTS } from '@tradeport/contract';
import {
  pricingTiers,
  products,
  tierPrices,
  visibilityGroupProducts,
  visibilityGroups,
} from '../../platform/db/schema/index.ts';
import { createTestApp, createTestProduct, type TestApp } from '../../testing/index.ts';
import { pathsOf, productBody, productTestKit } from './products.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, collection, create, runBulk, snapshot, updateBody, newMerchant, memberOf } = productTestKit(
  () => t,
);

describe('POST /products/organisation/{id}/bulk', () => {
  it('creates many products at once, or none when one SKU clashes', async () => {
    const { merchantId, admin } = await newMerchant();
    const result = await runBulk(merchantId, admin.headers, {
      action: 'create',
      products: [productBody({ sku: 'A-1' }), productBody({ sku: 'A-2', is_gst_applicable: false })],
    });
    expect(result).toMatchObject({ action: 'create', is_written: true, created: 2, updated: 0, errors: [] });
    const before = await snapshot(merchantId);
    expect(before.map((row) => [row.sku, row.isGstApplicable])).toEqual([
      ['A-1', true],
      ['A-2', false],
    ]);

    const repeated = await runBulk(
      merchantId,
      admin.headers,
      { action: 'create', products: [productBody({ sku: 'B-1' }), productBody({ sku: 'b-1' })] },
      409,
    );
    expect(pathsOf(repeated)).toEqual(['body.products.1.sku']);
    const existing = await runBulk(
      merchantId,
      admin.headers,
      { action: 'create', products: [productBody({ sku: 'C-1' }), productBody({ sku: 'a-2' })] },
      409,
    );
    expect(pathsOf(existing)).toEqual(['body.products.1.sku']);
    // SKUs compare by the database's lower case (İ-1 is i-1 there, not i̇-1 as in JavaScript).
    const dotted = await runBulk(
      merchantId,
      admin.headers,
      { action: 'create', products: [productBody({ sku: 'İ-1' }), productBody({ sku: 'i-1' })] },
      409,
    );
    expect(pathsOf(dotted)).toEqual(['body.products.1.sku']);
    expect(await snapshot(merchantId)).toEqual(before);
  });

  it('updates many by version, and changes none when one is stale', async () => {
    const { merchantId, admin } = await newMerchant();
    const user = await memberOf(merchantId, 'User');
    const one = await create(merchantId, admin.headers, { sku: 'ONE' });
    const two = await create(merchantId, admin.headers, { sku: 'TWO' });
    const result = await runBulk(merchantId, user.headers, {
      action: 'update',
      products: [
        { ...updateBody(one, { base_price_cents: 111 }), id: one.id },
        { ...updateBody(two, { sku: 'TWO-B' }), id: two.id },
      ],
    });
    expect(result).toMatchObject({ action: 'update', is_written: true, updated: 2 });
    const after = await snapshot(merchantId);
    expect(after.map((row) => [row.sku, row.basePriceCents, row.version])).toEqual([
      ['ONE', 111, 2],
      ['TWO-B', 310, 2],
    ]);

    // `one` is now at version 2; sending version 1 again is stale, so `two` is not changed either.
    const stale = await runBulk(
      merchantId,
      admin.headers,
      {
        action: 'update',
        products: [
          { ...updateBody(two, { name: 'Never', sku: 'TWO-B', version: 2 }), id: two.id },
          { ...updateBody(one, { name: 'Never' }), id: one.id },
        ],
      },
      409,
    );
    expect(stale.error_code).toBe('CONFLICT');
    expect(pathsOf(stale)).toEqual(['body.products.1.version']);
    const swapped = await runBulk(
      merchantId,
      admin.headers,
      { action: 'update', products: [{ ...updateBody(one, { sku: 'two-b', version: 2 }), id: one.id }] },
      409,
    );
    expect(pathsOf(swapped)).toEqual(['body.products.0.sku']);
    expect(await snapshot(merchantId)).toEqual(after);
  });

  it('archives and restores many, counting only those that changed', async () => {
    const { merchantId, admin } = await newMerchant();
    const [a, b] = [await create(merchantId, admin.headers), await create(merchantId, admin.headers)];
    await api('POST', `/products/${a.id}/archive`, admin.headers);
    const archived = await runBulk(merchantId, admin.headers, {
      action: 'archive',
      product_ids: [a.id, b.id, b.id],
    });
    expect(archived).toMatchObject({ action: 'archive', archived: 1 });
    const restored = await runBulk(merchantId, admin.headers, {
      action: 'restore',
      product_ids: [a.id, b.id],
    });
    expect(restored).toMatchObject({ action: 'restore', restored: 2 });
    expect((await snapshot(merchantId)).every((row) => row.archivedAt === null)).toBe(true);
  });

  it('deletes unused products, and none when any is in use', async () => {
    const { merchantId, admin } = await newMerchant();
    const { db } = t.database;
    const [free, inTier, inGroup] = [
      await createTestProduct(db, { merchantId }),
      await createTestProduct(db, { merchantId }),
      await createTestProduct(db, { merchantId }),
    ];
    const [tier] = await db.insert(pricingTiers).values({ merchantId, name: 'Gold' }).returning();
    const [group] = await db.insert(visibilityGroups).values({ merchantId, name: 'Cafes' }).returning();
    await db
      .insert(tierPrices)
      .values({ merchantId, tierId: tier!.id, productId: inTier.id, priceCents: 900 });
    await db
      .insert(visibilityGroupProducts)
      .values({ merchantId, groupId: group!.id, productId: inGroup.id });
    const before = await snapshot(merchantId);

    const refused = await runBulk(
      merchantId,
      admin.headers,
      { action: 'delete', product_ids: [free.id, inTier.id, inGroup.id] },
      409,
    );
    expect(refused.message).toBe(
      '2 of these products are used by 1 pricing tier and 1 visibility group — archive instead. Nothing was deleted.',
    );
    expect(await snapshot(merchantId)).toEqual(before);

    const dependencies = await api(
      'GET',
      `${collection(merchantId)}/dependencies?product_ids=${[free.id, inTier.id, inGroup.id].join(',')}`,
      admin.headers,
    );
    expect(dependencies.json().items.map((item: { can_delete: boolean }) => item.can_delete)).toEqual([
      true,
      false,
      false,
    ]);

    expect(
      await runBulk(merchantId, admin.headers, { action: 'delete', product_ids: [free.id] }),
    ).toMatchObject({
      deleted: 1,
    });
    expect((await snapshot(merchantId)).map((row) => row.id).sort()).toEqual([inTier.id, inGroup.id].sort());

    // Ids are read case-insensitively: an upper-case id is the same product, refused the same way.
    const shouted = await api('DELETE', `/products/${inTier.id.toUpperCase()}`, admin.headers);
    expect(shouted.statusCode).toBe(409);
    expect(shouted.json().message).toMatch(/Used by 1 pricing tier/);
  });

  it('swaps SKUs between products in one update', async () => {
    const { merchantId, admin } = await newMerchant();
    const one = await create(merchantId, admin.headers, { sku: 'SWAP-A' });
    const two = await create(merchantId, admin.headers, { sku: 'SWAP-B' });
    const result = await runBulk(merchantId, admin.headers, {
      action: 'update',
      products: [
        { ...updateBody(one, { sku: 'SWAP-B' }), id: one.id },
        { ...updateBody(two, { sku: 'SWAP-A' }), id: two.id.toUpperCase() },
      ],
    });
    expect(result).toMatchObject({ updated: 2 });
    const skus = new Map((await snapshot(merchantId)).map((row) => [row.id, row.sku]));
    expect([skus.get(one.id), skus.get(two.id)]).toEqual(['SWAP-B', 'SWAP-A']);
  });
});

describe('bulk actions on every product matching a filter', () => {
  it('chooses the products on the server by the filter, and refuses a filter wider than the bound', async () => {
    const { merchantId, admin } = await newMerchant();
    const other = await newMerchant();
    for (const name of ['Oat Milk', 'Soy Milk', 'Milk Powder', 'Bread'])
      await create(merchantId, admin.headers, { name });
    await create(other.merchantId, other.admin.headers, { name: 'Their Milk' });
    const active = async (merchant: string) =>
      (await snapshot(merchant))
        .filter((row) => row.archivedAt === null)
        .map((row) => row.name)
        .sort();

    const archived = await runBulk(merchantId, admin.headers, {
      action: 'matching',
      apply: 'archive',
      filters: { search: 'milk' },
      expected_total: 3,
    });
    expect(archived).toMatchObject({ action: 'archive', archived: 3 });
    expect(await active(merchantId)).toEqual(['Bread']);
    // Another merchant's products never match.
    expect(await active(other.merchantId)).toEqual(['Their Milk']);

    const restored = await runBulk(merchantId, admin.headers, {
      action: 'matching',
      apply: 'restore',
      filters: { status: 'archived', search: 'oat milk' },
      expected_total: 1,
    });
    expect(restored).toMatchObject({ action: 'restore', restored: 1 });
    expect(await active(merchantId)).toEqual(['Bread', 'Oat Milk']);

    // More than the bound: refused, nothing changed.
    await t.database.db.insert(products).values(
      Array.from({ length: MAX_BULK_MATCHING_PRODUCTS }, (_, i) => ({
        merchantId,
        name: `Bulk Item ${i}`,
        sku: `BULK-${i}`,
        basePriceCents: 100,
      })),
    );
    const tooMany = await runBulk(
      merchantId,
      admin.headers,
      {
        action: 'matching',
        apply: 'archive',
        filters: { status: 'active' },
        expected_total: MAX_BULK_MATCHING_PRODUCTS + 2,
      },
      400,
    );
    expect(tooMany.error_code).toBe('VALIDATION_ERROR');
    expect(pathsOf(tooMany)).toEqual(['body.filters']);
    expect((await active(merchantId)).length).toBe(MAX_BULK_MATCHING_PRODUCTS + 2);
  });

  it('refuses with 409, changing nothing, when the filter now matches another number than the one shown', async () => {
    const { merchantId, admin } = await newMerchant();
    for (const name of ['Oat Milk', 'Soy Milk']) await create(merchantId, admin.headers, { name });
    // The screen showed "all 1 matching"; a second milk was added since.
    const body = { action: 'matching', apply: 'delete', filters: { search: 'milk' } };
    const refused = await runBulk(merchantId, admin.headers, { ...body, expected_total: 1 }, 409);
    expect(refused).toMatchObject({
      error_code: 'CONFLICT',
      message: 'The products matching this filter changed: 2 now match. Review and try again.',
    });
    expect(pathsOf(refused)).toEqual(['body.expected_total']);
    expect(await snapshot(merchantId)).toHaveLength(2);

    const deleted = await runBulk(merchantId, admin.headers, { ...body, expected_total: 2 });
    expect(deleted).toMatchObject({ action: 'delete', deleted: 2 });
    expect(await snapshot(merchantId)).toEqual([]);
  });
});
