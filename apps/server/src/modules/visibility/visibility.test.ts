import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { catalogueTestKit } from '../catalogue/catalogue.testing.ts';
import { groupPaths, KIND_CASES } from '../product-groups/product-groups.testing.ts';

// What visibility groups add to the shared group behaviour (product-groups/*.test.ts): adding is
// idempotent, and membership decides who sees a product in the catalogue.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, ok, createGroup, shop, listAll, productUrl } = catalogueTestKit(() => t);
const visibility = KIND_CASES.find((kind) => kind.segment === 'visibility')!;

describe('visibility groups', () => {
  it('leaves products and customers already in the group as they are', async () => {
    const { merchantId, admin, products, accounts } = await shop();
    const group = await createGroup(visibility, merchantId, admin.headers, 'Trade');
    const paths = groupPaths(visibility, merchantId, group.id);
    const [first, second] = products.map((p) => p.id) as [string, string];

    expect(await ok(api('PUT', paths.items, admin.headers, { product_ids: [first, first] }))).toEqual({
      changed: 1,
    });
    expect(await ok(api('PUT', paths.items, admin.headers, { product_ids: [first, second] }))).toEqual({
      changed: 1,
    });
    expect(await ok(api('PUT', paths.item, admin.headers, { product_id: first }))).toMatchObject({
      product_id: first,
    });
    const customerIds = accounts.map((a) => a.id);
    expect(await ok(api('PUT', paths.customers, admin.headers, { customer_ids: customerIds }))).toEqual({
      changed: 2,
    });
    expect(await ok(api('PUT', paths.customers, admin.headers, { customer_ids: customerIds }))).toEqual({
      changed: 0,
    });
    expect(await ok(api('GET', paths.record, admin.headers))).toMatchObject({
      product_count: 2,
      customer_count: 2,
    });
  });

  it('shows a grouped product only to the group’s customers, and to everyone once the group goes', async () => {
    const { merchantId, admin, products, customers } = await shop();
    const [open, grouped] = products as [(typeof products)[0], (typeof products)[0]];
    const [insider, outsider] = customers as [(typeof customers)[0], (typeof customers)[0]];
    const group = await createGroup(visibility, merchantId, admin.headers, 'Insiders');
    const paths = groupPaths(visibility, merchantId, group.id);
    await ok(api('PUT', paths.item, admin.headers, { product_id: grouped.id }));

    const seenBy = async (viewer: typeof insider) =>
      (
        await listAll({
          headers: viewer.headers,
          merchantId,
          customerOrganisationId: viewer.account.organisation_id,
        })
      )
        .map((p) => p.id)
        .sort();
    const fetchAs = (viewer: typeof insider) =>
      api('GET', productUrl(grouped.id, viewer.account.organisation_id), viewer.headers);

    // In a group with no customers yet: hidden from everyone.
    expect(await seenBy(insider)).toEqual([open.id]);
    await ok(api('PUT', paths.customer(insider.account.id), admin.headers));
    expect(await seenBy(insider)).toEqual([open.id, grouped.id].sort());
    expect(await seenBy(outsider)).toEqual([open.id]);
    expect((await fetchAs(insider)).statusCode).toBe(200);
    expect((await fetchAs(outsider)).statusCode).toBe(404);

    // Groups only narrow: with its last group gone, the product is everyone's again.
    await ok(api('DELETE', paths.record, admin.headers));
    expect(await seenBy(outsider)).toEqual([open.id, grouped.id].sort());
    expect((await fetchAs(outsider)).statusCode).toBe(200);
  });
});
