import type { GroupCustomer } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestProduct, type TestApp } from '../../testing/index.ts';
import { groupPaths, groupTestKit, KIND_CASES, type Page } from './product-groups.testing.ts';

// The products and customers in a group, for pricing tiers and visibility groups alike.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, ok, world, createGroup } = groupTestKit(() => t);

type Item = { product_id: string; name: string; sku: string; is_active: boolean };
const pathsOf = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path);

describe.each(KIND_CASES)('/products/$segment/organisation/{id}/$member/{gid}', (kind) => {
  it('puts products in, lists them by name with search, reads and removes one', async () => {
    const { merchantId, admin } = await world({ productCount: 0 });
    const db = t.database.db;
    const [crate, apple, bagel] = [
      await createTestProduct(db, { merchantId, name: 'Crate of pears', sku: 'PEAR-1' }),
      await createTestProduct(db, { merchantId, name: 'apples', sku: 'APL-1', archivedAt: new Date() }),
      await createTestProduct(db, { merchantId, name: 'Bagels', sku: 'BGL-1' }),
    ];
    const group = await createGroup(kind, merchantId, admin.headers, 'Fruit');
    const paths = groupPaths(kind, merchantId, group.id);

    expect(await ok(api('PUT', paths.items, admin.headers, kind.itemsBody([crate!.id, apple!.id])))).toEqual({
      changed: 2,
    });
    const one = await ok<Item>(api('PUT', paths.item, admin.headers, kind.itemBody(bagel!.id)));
    expect(one).toMatchObject({ product_id: bagel!.id, name: 'Bagels', sku: 'BGL-1', is_active: true });

    const first = await ok<Page<Item>>(api('GET', `${paths.items}?limit=2`, admin.headers));
    expect(first.items.map((item) => [item.name, item.is_active])).toEqual([
      ['apples', false],
      ['Bagels', true],
    ]);
    const rest = await ok<Page<Item>>(
      api('GET', `${paths.items}?cursor=${first.next_cursor}`, admin.headers),
    );
    expect(rest).toMatchObject({ items: [{ name: 'Crate of pears' }], next_cursor: null });
    const found = await ok<Page<Item>>(api('GET', `${paths.items}?search=pear-`, admin.headers));
    expect(found.items.map((item) => item.product_id)).toEqual([crate!.id]);
    // Every word, in any order, as every product search matches (issue 9, defect 5).
    const words = await ok<Page<Item>>(api('GET', `${paths.items}?search=pears%20crate`, admin.headers));
    expect(words.items.map((item) => item.product_id)).toEqual([crate!.id]);

    expect(await ok(api('GET', paths.product(bagel!.id), admin.headers))).toEqual(one);
    expect(await ok(api('DELETE', paths.product(bagel!.id), admin.headers))).toEqual({ deleted: true });
    for (const method of ['GET', 'DELETE'] as const) {
      const gone = await api(method, paths.product(bagel!.id), admin.headers);
      expect(gone.statusCode, method).toBe(404);
      expect(gone.json().error_code).toBe('NOT_FOUND');
    }
    expect((await ok(api('GET', paths.record, admin.headers))).product_count).toBe(2);
  });

  it('puts customers in, lists them by title with search, and takes one out', async () => {
    const { merchantId, admin, accounts } = await world({ productCount: 0 });
    const [alpha, bravo] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];
    const group = await createGroup(kind, merchantId, admin.headers, 'Regulars');
    const paths = groupPaths(kind, merchantId, group.id);

    const customerIds = [bravo.id, alpha.id, bravo.id];
    expect(await ok(api('PUT', paths.customers, admin.headers, { customer_ids: customerIds }))).toEqual({
      changed: 2,
    });
    expect(await ok(api('PUT', paths.customers, admin.headers, { customer_ids: [alpha.id] }))).toEqual({
      changed: 0,
    });
    const listed = await ok<Page<GroupCustomer>>(api('GET', `${paths.customers}?limit=1`, admin.headers));
    expect(listed.items).toEqual([
      {
        customer_id: alpha.id,
        organisation_id: alpha.organisation_id,
        title: 'Alpha Café',
        is_archived: false,
      },
    ]);
    const next = await ok<Page<GroupCustomer>>(
      api('GET', `${paths.customers}?limit=1&cursor=${listed.next_cursor}`, admin.headers),
    );
    expect(next.items.map((c) => c.title)).toEqual(['Bravo Bistro']);
    const searched = await ok<Page<GroupCustomer>>(
      api('GET', `${paths.customers}?search=bistro`, admin.headers),
    );
    expect(searched.items.map((c) => c.customer_id)).toEqual([bravo.id]);

    expect(await ok(api('DELETE', paths.customer(alpha.id), admin.headers))).toEqual({ deleted: true });
    expect((await api('DELETE', paths.customer(alpha.id), admin.headers)).statusCode).toBe(404);
    const again = await ok<GroupCustomer>(api('PUT', paths.customer(alpha.id), admin.headers));
    expect(again).toMatchObject({ customer_id: alpha.id, title: 'Alpha Café' });
    expect((await ok(api('GET', paths.record, admin.headers))).customer_count).toBe(2);
  });

  it('answers invalid member input with 400 on the field, changing nothing', async () => {
    const { merchantId, admin } = await world({ productCount: 0 });
    const group = await createGroup(kind, merchantId, admin.headers, 'Strict');
    const paths = groupPaths(kind, merchantId, group.id);
    const cases: [string, string, object | undefined, string][] = [
      ['PUT', paths.items, kind.invalidItems.body, kind.invalidItems.path],
      ['PUT', paths.item, { product_id: 'nope' }, 'body.product_id'],
      ['PUT', paths.customers, { customer_ids: [] }, 'body.customer_ids'],
      ['PUT', paths.customers, { customer_ids: ['nope'] }, 'body.customer_ids.0'],
      ['PUT', paths.customer('nope'), undefined, 'params.cid'],
      ['GET', paths.product('nope'), undefined, 'params.pid'],
      ['GET', `${paths.items}?limit=101`, undefined, 'querystring.limit'],
      ['GET', `${paths.customers}?cursor=abc`, undefined, 'querystring.cursor'],
    ];
    for (const [method, url, body, field] of cases) {
      const response = await api(method as 'PUT', url, admin.headers, body);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(pathsOf(response.json()), `${method} ${url}`).toContain(field);
    }
    expect(await ok(api('GET', paths.record, admin.headers))).toEqual(group);
  });

  it('answers 404 for another merchant’s group, product or customer, and changes nothing', async () => {
    const mine = await world();
    const theirs = await world();
    const group = await createGroup(kind, mine.merchantId, mine.admin.headers, 'Mine');
    const foreign = await createGroup(kind, theirs.merchantId, theirs.admin.headers, 'Theirs');
    const paths = groupPaths(kind, mine.merchantId, group.id);
    await ok(api('PUT', paths.items, mine.admin.headers, kind.itemsBody([mine.products[0]!.id])));
    await ok(api('PUT', paths.customer(mine.accounts[0]!.id), mine.admin.headers));
    const snapshot = async () => ({
      group: await ok(api('GET', paths.record, mine.admin.headers)),
      items: await ok(api('GET', paths.items, mine.admin.headers)),
      customers: await ok(api('GET', paths.customers, mine.admin.headers)),
      foreign: await ok(
        api('GET', groupPaths(kind, theirs.merchantId, foreign.id).items, theirs.admin.headers),
      ),
    });
    const before = await snapshot();

    // A batch with one foreign id among the merchant's own fails whole.
    const ownAndForeignProducts = [mine.products[1]!.id, theirs.products[0]!.id];
    const ownAndForeignCustomers = [mine.accounts[1]!.id, theirs.accounts[0]!.id];
    const theirGroup = groupPaths(kind, mine.merchantId, foreign.id);
    const calls: [string, string, object | undefined][] = [
      ['PUT', paths.items, kind.itemsBody(ownAndForeignProducts)],
      ['PUT', paths.item, kind.itemBody(theirs.products[0]!.id)],
      ['GET', paths.product(theirs.products[0]!.id), undefined],
      ['DELETE', paths.product(theirs.products[0]!.id), undefined],
      ['PUT', paths.customers, { customer_ids: ownAndForeignCustomers }],
      ['PUT', paths.customer(theirs.accounts[0]!.id), undefined],
      ['DELETE', paths.customer(theirs.accounts[0]!.id), undefined],
      ['GET', theirGroup.record, undefined],
      ['PUT', theirGroup.record, { name: 'Hijacked', version: 1 }],
      ['DELETE', theirGroup.record, undefined],
      ['GET', theirGroup.items, undefined],
      ['PUT', theirGroup.items, kind.itemsBody([mine.products[1]!.id])],
      ['PUT', theirGroup.item, kind.itemBody(mine.products[1]!.id)],
      ['GET', theirGroup.customers, undefined],
      ['PUT', theirGroup.customers, { customer_ids: [mine.accounts[1]!.id] }],
      ['PUT', theirGroup.customer(mine.accounts[1]!.id), undefined],
      // Their Admin, on the other merchant's paths: not a member, so not found.
      ['GET', paths.record, undefined],
    ];
    for (const [index, [method, url, body]] of calls.entries()) {
      const headers = index === calls.length - 1 ? theirs.admin.headers : mine.admin.headers;
      const response = await api(method as 'PUT', url, headers, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error_code).toBe('NOT_FOUND');
    }
    expect(await snapshot()).toEqual(before);
  });
});
