import type { CatalogueProduct, GroupCustomer, TierItem } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAccounts } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { groupPaths, groupTestKit, KIND_CASES, type Page } from '../product-groups/product-groups.testing.ts';

// What tiers add to the shared group behaviour (product-groups/*.test.ts): prices, and a customer
// in at most one tier.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, ok, world, createGroup, memberOf } = groupTestKit(() => t);
const tier = KIND_CASES.find((kind) => kind.segment === 'pricing')!;
const pathsOf = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path);

const tierOf = async (accountId: string) =>
  (
    await t.database.db
      .select({ tierId: customerAccounts.pricingTierId })
      .from(customerAccounts)
      .where(eq(customerAccounts.id, accountId))
  )[0]!.tierId;

describe('pricing tiers', () => {
  it('sets many prices in one call, as an upsert that counts only real changes', async () => {
    const { merchantId, admin, products } = await world({ productCount: 3 });
    const [a, b, c] = products as [(typeof products)[0], (typeof products)[0], (typeof products)[0]];
    const group = await createGroup(tier, merchantId, admin.headers, 'Wholesale');
    const paths = groupPaths(tier, merchantId, group.id);

    const first = {
      items: [
        { product_id: a.id, price_cents: 900 },
        { product_id: b.id, price_cents: 0 },
      ],
    };
    expect(await ok(api('PUT', paths.items, admin.headers, first))).toEqual({ changed: 2 });
    const second = {
      items: [
        { product_id: a.id, price_cents: 900 },
        { product_id: b.id, price_cents: 450 },
        { product_id: c.id, price_cents: 800 },
      ],
    };
    expect(await ok(api('PUT', paths.items, admin.headers, second))).toEqual({ changed: 2 });

    const items = await ok<Page<TierItem>>(api('GET', paths.items, admin.headers));
    const byId = new Map(items.items.map((item) => [item.product_id, item]));
    expect([a, b, c].map((p) => [byId.get(p.id)?.price_cents, byId.get(p.id)?.base_price_cents])).toEqual([
      [900, 1000],
      [450, 1000],
      [800, 1000],
    ]);
    const one = await ok<TierItem>(
      api('PUT', paths.item, admin.headers, { product_id: c.id, price_cents: 1 }),
    );
    expect(one).toEqual({ ...byId.get(c.id), price_cents: 1 });
    expect(await ok(api('GET', paths.product(c.id), admin.headers))).toEqual(one);
  });

  it('refuses bad prices and a product listed twice with 400, changing nothing', async () => {
    const { merchantId, admin, products } = await world({ productCount: 1 });
    const id = products[0]!.id;
    const group = await createGroup(tier, merchantId, admin.headers, 'Strict');
    const paths = groupPaths(tier, merchantId, group.id);
    const cases: [string, object, string][] = [
      [paths.items, { items: [{ product_id: id, price_cents: -1 }] }, 'body.items.0.price_cents'],
      [paths.items, { items: [{ product_id: id, price_cents: 1.5 }] }, 'body.items.0.price_cents'],
      [paths.items, { items: [{ product_id: id, price_cents: 1_000_000_001 }] }, 'body.items.0.price_cents'],
      [
        paths.items,
        {
          items: [
            { product_id: id, price_cents: 1 },
            { product_id: id, price_cents: 2 },
          ],
        },
        'body.items',
      ],
      [paths.item, { product_id: id, price_cents: '5' }, 'body.price_cents'],
      [paths.item, { product_id: id }, 'body.price_cents'],
    ];
    for (const [url, body, field] of cases) {
      const response = await api('PUT', url, admin.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(pathsOf(response.json()), JSON.stringify(body)).toContain(field);
    }
    expect((await ok<Page>(api('GET', paths.items, admin.headers))).items).toEqual([]);
  });

  it('moves a customer between tiers: it is in at most one', async () => {
    const { merchantId, admin, accounts } = await world({ productCount: 0 });
    const [alpha, bravo] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];
    const gold = await createGroup(tier, merchantId, admin.headers, 'Gold');
    const silver = await createGroup(tier, merchantId, admin.headers, 'Silver');
    const goldPaths = groupPaths(tier, merchantId, gold.id);
    const silverPaths = groupPaths(tier, merchantId, silver.id);

    await ok(api('PUT', goldPaths.customers, admin.headers, { customer_ids: [alpha.id, bravo.id] }));
    expect(await ok(api('PUT', silverPaths.customers, admin.headers, { customer_ids: [alpha.id] }))).toEqual({
      changed: 1,
    });
    const inGold = await ok<Page<GroupCustomer>>(api('GET', goldPaths.customers, admin.headers));
    const inSilver = await ok<Page<GroupCustomer>>(api('GET', silverPaths.customers, admin.headers));
    expect(inGold.items.map((c) => c.customer_id)).toEqual([bravo.id]);
    expect(inSilver.items.map((c) => c.customer_id)).toEqual([alpha.id]);
    expect(await tierOf(alpha.id)).toBe(silver.id);

    // Taking a customer out of a tier it is not in is a 404 and leaves it where it is.
    expect((await api('DELETE', goldPaths.customer(alpha.id), admin.headers)).statusCode).toBe(404);
    expect(await tierOf(alpha.id)).toBe(silver.id);
    await ok(api('PUT', goldPaths.customer(alpha.id), admin.headers));
    expect(await tierOf(alpha.id)).toBe(gold.id);
    await ok(api('DELETE', goldPaths.customer(alpha.id), admin.headers));
    expect(await tierOf(alpha.id)).toBeNull();
  });

  it('deleting a tier leaves its customers on base prices', async () => {
    const { merchantId, admin, products, accounts } = await world({ productCount: 1 });
    const product = products[0]!;
    const account = accounts[0]!;
    const group = await createGroup(tier, merchantId, admin.headers, 'Doomed');
    const paths = groupPaths(tier, merchantId, group.id);
    await ok(api('PUT', paths.item, admin.headers, { product_id: product.id, price_cents: 700 }));
    await ok(api('PUT', paths.customer(account.id), admin.headers));
    const customer = await memberOf(account.organisation_id, 'User');
    const seen = () =>
      ok<CatalogueProduct>(
        api('GET', `/products/${product.id}/organisation/${account.organisation_id}`, customer.headers),
      );

    expect(await seen()).toMatchObject({ price_cents: 700, base_price_cents: 1000, is_tier_price: true });
    await ok(api('DELETE', paths.record, admin.headers));
    expect(await seen()).toMatchObject({ price_cents: 1000, base_price_cents: 1000, is_tier_price: false });
    expect(await tierOf(account.id)).toBeNull();
  });
});
