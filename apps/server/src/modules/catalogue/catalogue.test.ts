import { randomUUID } from 'node:crypto';
import type { CatalogueProduct, Customer } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brands,
  categories,
  customerAccounts,
  organisations,
  unitsOfMeasure,
} from '../../platform/db/schema/index.ts';
import {
  createOrganisation,
  createTestApp,
  createTestProduct,
  linkCustomer,
  type TestApp,
} from '../../testing/index.ts';
import { groupPaths, KIND_CASES, type Page } from '../product-groups/product-groups.testing.ts';
import { catalogueTestKit } from './catalogue.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kit = catalogueTestKit(() => t);
const { api, ok, shop, listAll, listUrl, productUrl, memberOf, signedIn, createGroup } = kit;
const [tier, visibility] = [KIND_CASES[0]!, KIND_CASES[1]!];
const pathsOf = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path);

describe('GET /products/organisation/{id}/catalogue and /products/{id}/organisation/{oid}', () => {
  it('shows a customer its visible products at its prices, with their vocabulary', async () => {
    const { merchantId, admin, products, customers } = await shop({ productCount: 0 });
    const db = t.database.db;
    const [brand] = await db.insert(brands).values({ merchantId, name: 'Bega' }).returning();
    const [category] = await db.insert(categories).values({ merchantId, name: 'Dairy' }).returning();
    const [unit] = await db
      .insert(unitsOfMeasure)
      .values({ merchantId, name: 'Carton', abbreviation: 'ctn' })
      .returning();
    const cheese = await createTestProduct(db, {
      merchantId,
      name: 'Cheddar',
      sku: 'CHD-1',
      description: 'Tasty',
      basePriceCents: 1_250,
      brandId: brand!.id,
      categoryId: category!.id,
      unitOfMeasureId: unit!.id,
      isGstApplicable: false,
      minOrderQuantity: 2,
      packSize: 12,
    });
    const milk = await createTestProduct(db, { merchantId, name: 'Milk', basePriceCents: 300 });
    await createTestProduct(db, { merchantId, name: 'Archived', archivedAt: new Date() });
    expect(products).toEqual([]);
    const customer = customers[0]!;
    const gold = await createGroup(tier, merchantId, admin.headers, 'Gold');
    const goldPaths = groupPaths(tier, merchantId, gold.id);
    await ok(api('PUT', goldPaths.item, admin.headers, { product_id: cheese.id, price_cents: 1_000 }));
    await ok(api('PUT', goldPaths.customer(customer.account.id), admin.headers));

    const seen = await listAll({
      headers: customer.headers,
      merchantId,
      customerOrganisationId: customer.account.organisation_id,
    });
    const expectedCheese: CatalogueProduct = {
      id: cheese.id,
      name: 'Cheddar',
      sku: 'CHD-1',
      description: 'Tasty',
      brand_name: 'Bega',
      category: { id: category!.id, name: 'Dairy' },
      unit_of_measure: { name: 'Carton', abbreviation: 'ctn' },
      image: null,
      price_cents: 1_000,
      base_price_cents: 1_250,
      is_tier_price: true,
      is_gst_applicable: false,
      gst_rate_basis_points: 0,
      min_order_quantity: 2,
      pack_size: 12,
    };
    expect(seen).toEqual([
      expectedCheese,
      expect.objectContaining({
        id: milk.id,
        price_cents: 300,
        is_tier_price: false,
        brand_name: null,
        category: null,
        unit_of_measure: null,
      }),
    ]);
    expect(
      await ok(api('GET', productUrl(cheese.id, customer.account.organisation_id), customer.headers)),
    ).toEqual(expectedCheese);
    // The other customer is in no tier: base prices.
    const other = customers[1]!;
    const theirCheese = await ok<CatalogueProduct>(
      api('GET', productUrl(cheese.id, other.account.organisation_id), other.headers),
    );
    expect(theirCheese).toMatchObject({ price_cents: 1_250, is_tier_price: false });
  });

  it('lets merchant members view as the house account or any customer', async () => {
    const { merchantId, admin, products, customers } = await shop({ productCount: 2 });
    const house = await ok<Customer>(
      api('GET', `/organisations/${merchantId}/customers/house-accounts`, admin.headers),
    );
    const group = await createGroup(visibility, merchantId, admin.headers, 'Staff only');
    const paths = groupPaths(visibility, merchantId, group.id);
    await ok(api('PUT', paths.item, admin.headers, { product_id: products[0]!.id }));
    await ok(api('PUT', paths.customer(house.id), admin.headers));
    const user = await memberOf(merchantId, 'User');

    for (const headers of [admin.headers, user.headers]) {
      const asHouse = await listAll({ headers, merchantId, customerOrganisationId: house.organisation_id });
      expect(asHouse.map((p) => p.id).sort()).toEqual(products.map((p) => p.id).sort());
      const asCustomer = await listAll({
        headers,
        merchantId,
        customerOrganisationId: customers[0]!.account.organisation_id,
      });
      expect(asCustomer.map((p) => p.id)).toEqual([products[1]!.id]);
      const hidden = await api(
        'GET',
        productUrl(products[0]!.id, customers[0]!.account.organisation_id),
        headers,
      );
      expect(hidden.statusCode).toBe(404);
    }
  });

  it('answers 404 for an archived account, a stranger, another merchant and a hidden or archived product', async () => {
    const { merchantId, products, customers } = await shop({ productCount: 1 });
    const [archivedOne, active] = customers as [(typeof customers)[0], (typeof customers)[0]];
    const db = t.database.db;
    await db
      .update(customerAccounts)
      .set({ archivedAt: new Date() })
      .where(eq(customerAccounts.id, archivedOne.account.id));
    const archivedProduct = await createTestProduct(db, { merchantId, archivedAt: new Date() });
    const elsewhere = await shop({ productCount: 1 });
    // A customer of both merchants sees each through its own account only.
    await linkCustomer(db, {
      merchantId: elsewhere.merchantId,
      customerOrganisationId: active.account.organisation_id,
    });
    const stranger = await signedIn('Sam Stranger');
    const lonely = await createOrganisation(db, { kind: 'CUSTOMER', title: 'No account' });
    const lonelyMember = await memberOf(lonely.id, 'Admin');

    const refused: [string, Record<string, string>][] = [
      [listUrl(merchantId, archivedOne.account.organisation_id), archivedOne.headers],
      [productUrl(products[0]!.id, archivedOne.account.organisation_id), archivedOne.headers],
      [listUrl(merchantId, active.account.organisation_id), stranger.headers],
      [productUrl(products[0]!.id, active.account.organisation_id), stranger.headers],
      [listUrl(merchantId, lonely.id), lonelyMember.headers],
      [listUrl(randomUUID(), active.account.organisation_id), active.headers],
      [productUrl(archivedProduct.id, active.account.organisation_id), active.headers],
      [productUrl(randomUUID(), active.account.organisation_id), active.headers],
      // Another merchant's admin cannot view as this merchant's customer.
      [listUrl(merchantId, active.account.organisation_id), elsewhere.admin.headers],
      [productUrl(products[0]!.id, active.account.organisation_id), elsewhere.admin.headers],
    ];
    for (const [url, headers] of refused) {
      const response = await api('GET', url, headers);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error_code).toBe('NOT_FOUND');
    }
    const theirs = await ok<CatalogueProduct>(
      api('GET', productUrl(elsewhere.products[0]!.id, active.account.organisation_id), active.headers),
    );
    expect(theirs.id).toBe(elsewhere.products[0]!.id);
  });

  it('closes with the merchant: once its access lapses, its customers find nothing', async () => {
    const { merchantId, products, customers } = await shop({ productCount: 1 });
    const viewer = customers[0]!;
    const url = listUrl(merchantId, viewer.account.organisation_id);
    expect((await api('GET', url, viewer.headers)).statusCode).toBe(200);

    await t.database.db
      .update(organisations)
      .set({ deactivateDate: new Date(Date.now() - 60_000) })
      .where(eq(organisations.id, merchantId));
    expect((await api('GET', url, viewer.headers)).statusCode).toBe(404);
    const byId = await api(
      'GET',
      productUrl(products[0]!.id, viewer.account.organisation_id),
      viewer.headers,
    );
    expect(byId.statusCode).toBe(404);
  });

  it('pages by name with a keyset cursor, searches name and SKU, and filters by category tree', async () => {
    const { merchantId, customers } = await shop({ productCount: 0 });
    const db = t.database.db;
    const [drinks] = await db.insert(categories).values({ merchantId, name: 'Drinks' }).returning();
    const [juice] = await db
      .insert(categories)
      .values({ merchantId, name: 'Juice', parentId: drinks!.id })
      .returning();
    const made = [];
    for (const [name, sku, categoryId] of [
      ['orange juice', 'OJ-1', juice!.id],
      ['Apple Juice', 'AJ-1', juice!.id],
      ['Cola', 'COLA-1', drinks!.id],
      ['bread', 'BRD-1', null],
      ['Butter', 'BUT-1', null],
    ] as const) {
      made.push(await createTestProduct(db, { merchantId, name, sku, categoryId }));
    }
    const viewer = {
      headers: customers[0]!.headers,
      merchantId,
      customerOrganisationId: customers[0]!.account.organisation_id,
    };
    const names = async (query: Record<string, string>) =>
      (await listAll({ ...viewer, query })).map((p) => p.name);

    const first = await ok<Page<CatalogueProduct>>(
      api('GET', listUrl(merchantId, viewer.customerOrganisationId, { limit: '2' }), viewer.headers),
    );
    expect(first.items.map((p) => p.name)).toEqual(['Apple Juice', 'bread']);
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(await names({ limit: '2' })).toEqual(['Apple Juice', 'bread', 'Butter', 'Cola', 'orange juice']);
    expect(await names({ search: 'JUICE', limit: '1' })).toEqual(['Apple Juice', 'orange juice']);
    expect(await names({ search: 'br', limit: '1' })).toEqual(['bread']);
    expect(await names({ search: 'cola-' })).toEqual(['Cola']);
    expect(await names({ search: '50%' })).toEqual([]);
    // Every word must match, in any order, in the name or the SKU.
    expect(await names({ search: 'juice apple' })).toEqual(['Apple Juice']);
    expect(await names({ search: 'oj-1 JUICE', limit: '1' })).toEqual(['orange juice']);
    expect(await names({ search: 'juice cola' })).toEqual([]);
    expect(await names({ category_id: drinks!.id, limit: '1' })).toEqual([
      'Apple Juice',
      'Cola',
      'orange juice',
    ]);
    expect(await names({ category_id: juice!.id })).toEqual(['Apple Juice', 'orange juice']);
  });

  it('answers 400 for invalid input', async () => {
    const { merchantId, customers } = await shop({ productCount: 0 });
    const { headers, account } = customers[0]!;
    const cases: [string, string][] = [
      [`/products/organisation/${merchantId}/catalogue`, 'querystring.customer_organisation_id'],
      [listUrl(merchantId, 'nope'), 'querystring.customer_organisation_id'],
      [listUrl(merchantId, account.organisation_id, { search: 'a' }), 'querystring.search'],
      [listUrl(merchantId, account.organisation_id, { category_id: 'x' }), 'querystring.category_id'],
      [listUrl(merchantId, account.organisation_id, { limit: '1000' }), 'querystring.limit'],
      [listUrl(merchantId, account.organisation_id, { cursor: 'bogus' }), 'querystring.cursor'],
      [productUrl('nope', account.organisation_id), 'params.id'],
      [productUrl(randomUUID(), 'nope'), 'params.oid'],
    ];
    for (const [url, field] of cases) {
      const response = await api('GET', url, headers);
      expect(response.statusCode, url).toBe(400);
      expect(pathsOf(response.json()), url).toContain(field);
    }
  });
});
