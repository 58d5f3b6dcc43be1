import type { GroupSummary } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { everyEndpoint, groupPaths, groupTestKit, KIND_CASES, type Page } from './product-groups.testing.ts';

// The group itself (list, create, get, rename, delete) and who may call each endpoint, for
// pricing tiers and visibility groups alike.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, ok, world, createGroup, memberOf, signedIn } = groupTestKit(() => t);

const pathsOf = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path);

describe.each(KIND_CASES)('/products/$segment/organisation/{id}/$member', (kind) => {
  it('lets an Admin create, list with counts, read, rename and delete', async () => {
    const { merchantId, admin, products, accounts } = await world();
    const created = await createGroup(kind, merchantId, admin.headers, '  Wholesale  ', ' Trade only ');
    expect(created).toMatchObject({
      name: 'Wholesale',
      description: 'Trade only',
      product_count: 0,
      customer_count: 0,
      version: 1,
    });
    const paths = groupPaths(kind, merchantId, created.id);
    await ok(api('PUT', paths.items, admin.headers, kind.itemsBody(products.map((p) => p.id))));
    await ok(api('PUT', paths.customer(accounts[0]!.id), admin.headers));

    const listed = await ok<Page<GroupSummary>>(api('GET', paths.collection, admin.headers));
    expect(listed).toEqual({
      items: [{ ...created, product_count: 2, customer_count: 1 }],
      next_cursor: null,
    });
    expect(await ok(api('GET', paths.record, admin.headers))).toEqual(listed.items[0]);

    const renamed = await ok<GroupSummary>(
      api('PUT', paths.record, admin.headers, { name: 'Trade', description: '', version: 1 }),
    );
    expect(renamed).toMatchObject({ name: 'Trade', description: null, version: 2, product_count: 2 });

    expect(await ok(api('DELETE', paths.record, admin.headers))).toEqual({ deleted: true });
    expect((await api('GET', paths.record, admin.headers)).statusCode).toBe(404);
    expect((await ok<Page>(api('GET', paths.collection, admin.headers))).items).toEqual([]);
  });

  it('refuses a duplicate name (any case) and a stale version with 409', async () => {
    const { merchantId, admin } = await world({ productCount: 0 });
    const first = await createGroup(kind, merchantId, admin.headers, 'Cafes');
    const second = await createGroup(kind, merchantId, admin.headers, 'Restaurants');
    const paths = groupPaths(kind, merchantId, second.id);

    const duplicate = await api('POST', paths.collection, admin.headers, { name: 'CAFES' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error_code).toBe('CONFLICT');
    expect(pathsOf(duplicate.json())).toEqual(['body.name']);

    const renameClash = await api('PUT', paths.record, admin.headers, { name: 'cafes', version: 1 });
    expect(renameClash.statusCode).toBe(409);
    expect(pathsOf(renameClash.json())).toEqual(['body.name']);

    await ok(api('PUT', paths.record, admin.headers, { name: 'Restaurants', version: 1 }));
    const stale = await api('PUT', paths.record, admin.headers, { name: 'Bistros', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe('CONFLICT');

    const names = (await ok<Page<GroupSummary>>(api('GET', paths.collection, admin.headers))).items;
    expect(names.map((g) => [g.name, g.version])).toEqual([
      [first.name, 1],
      ['Restaurants', 2],
    ]);
  });

  it('answers invalid input with 400 VALIDATION_ERROR on the field', async () => {
    const { merchantId, admin } = await world({ productCount: 0 });
    const group = await createGroup(kind, merchantId, admin.headers, 'Kept');
    const paths = groupPaths(kind, merchantId, group.id);
    const cases: [string, string, object | undefined, string][] = [
      ['POST', paths.collection, { name: '   ' }, 'body.name'],
      ['POST', paths.collection, { name: 'x'.repeat(81) }, 'body.name'],
      ['POST', paths.collection, { name: 'Fine', description: 'x'.repeat(501) }, 'body.description'],
      ['PUT', paths.record, { name: 'Fine' }, 'body.version'],
      ['GET', `${paths.collection}?limit=0`, undefined, 'querystring.limit'],
      ['GET', `${paths.collection}?cursor=nonsense`, undefined, 'querystring.cursor'],
      ['GET', groupPaths(kind, merchantId, 'nope').record, undefined, 'params.gid'],
      ['DELETE', groupPaths(kind, 'nope', group.id).record, undefined, 'params.id'],
    ];
    for (const [method, url, body, field] of cases) {
      const response = await api(method as 'GET', url, admin.headers, body);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().error_code).toBe('VALIDATION_ERROR');
      expect(pathsOf(response.json()), `${method} ${url}`).toContain(field);
    }
    expect(await ok(api('GET', paths.record, admin.headers))).toEqual(group);
  });

  it('pages by name (case-insensitive) with a keyset cursor, and searches names', async () => {
    const { merchantId, admin } = await world({ productCount: 0 });
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo']) {
      await createGroup(kind, merchantId, admin.headers, name);
    }
    const { collection } = groupPaths(kind, merchantId);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page: Page<GroupSummary> = await ok(api('GET', `${collection}${query}`, admin.headers));
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((g) => g.name));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(['Alpha', 'Bravo', 'charlie', 'delta', 'echo']);

    const found = await ok<Page<GroupSummary>>(api('GET', `${collection}?search=HA`, admin.headers));
    expect(found.items.map((g) => g.name)).toEqual(['Alpha', 'charlie']);
    const literal = await ok<Page<GroupSummary>>(api('GET', `${collection}?search=%25`, admin.headers));
    expect(literal.items).toEqual([]);
  });

  it('lets a User read but not write (403, nothing changed); a non-member gets 404', async () => {
    const { merchantId, admin, products, accounts } = await world();
    const group = await createGroup(kind, merchantId, admin.headers, 'Members');
    const paths = groupPaths(kind, merchantId, group.id);
    await ok(api('PUT', paths.items, admin.headers, kind.itemsBody([products[0]!.id])));
    await ok(api('PUT', paths.customer(accounts[0]!.id), admin.headers));
    const user = await memberOf(merchantId, 'User');

    const reads = [
      paths.collection,
      paths.record,
      paths.items,
      paths.product(products[0]!.id),
      paths.customers,
    ];
    for (const url of reads) expect((await api('GET', url, user.headers)).statusCode, url).toBe(200);

    const writes = everyEndpoint(kind, merchantId, group.id).filter(([method]) => method !== 'GET');
    for (const [method, url, body] of writes) {
      const response = await api(method, url, user.headers, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error_code).toBe('FORBIDDEN');
    }
    expect(await ok(api('GET', paths.record, user.headers))).toEqual({
      ...group,
      product_count: 1,
      customer_count: 1,
    });

    const stranger = await signedIn('Sam Stranger');
    for (const [method, url, body] of everyEndpoint(kind, merchantId, group.id)) {
      const response = await api(method, url, stranger.headers, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});
