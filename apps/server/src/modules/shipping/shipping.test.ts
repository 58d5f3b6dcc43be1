import type { GroupCustomer, OfferedShippingMethod, ShippingMethod } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { groupTestKit, type Method, type Page } from '../product-groups/product-groups.testing.ts';
import type { Headers } from '../customers/customers.testing.ts';
import { fingerprint } from '../system/endpoint-access.testing.ts';

// shipping/methods/organisation/{id}…: a merchant's delivery methods, who they are offered to,
// and who may read or change them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, ok, world, memberOf, signedIn } = groupTestKit(() => t);
const pathsOf = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path);
const NO_ID = '00000000-0000-4000-8000-000000000001';

function paths(merchantId: string, methodId = NO_ID) {
  const collection = `/shipping/methods/organisation/${merchantId}`;
  const record = `${collection}/method/${methodId}`;
  return {
    collection,
    record,
    customers: `${record}/customers`,
    customer: (customerId: string) => `${record}/customer/${customerId}`,
    offeredTo: (customerId: string) => `${collection}/customer/${customerId}`,
  };
}

const weekdayDelivery = {
  name: '  Weekday delivery ',
  kind: 'DELIVERY',
  fee_cents: 1_500,
  free_above_cents: 30_000,
  minimum_order_cents: 10_000,
  weekdays: [5, 1, 2, 3, 4],
  lead_days: 1,
  cut_off_minutes: 840,
};

const create = (merchantId: string, headers: Headers, body: object) =>
  ok<ShippingMethod>(api('POST', paths(merchantId).collection, headers, body), 201);

/** Every endpoint as [method, path, body], for the sweeps of who may call what. */
function everyEndpoint(merchantId: string, methodId: string, customerId: string) {
  const p = paths(merchantId, methodId);
  return [
    ['GET', p.collection, undefined],
    ['POST', p.collection, { name: 'X', kind: 'PICK_UP' }],
    ['GET', p.record, undefined],
    ['PUT', p.record, { name: 'X', kind: 'PICK_UP', version: 1 }],
    ['DELETE', p.record, undefined],
    ['GET', p.customers, undefined],
    ['PUT', p.customers, { customer_ids: [customerId] }],
    ['PUT', p.customer(customerId), undefined],
    ['DELETE', p.customer(customerId), undefined],
    ['GET', p.offeredTo(customerId), undefined],
  ] as [Method, string, object | undefined][];
}

describe('/shipping/methods/organisation/{id}', () => {
  it('lets an Admin create, list, read, change and delete a method', async () => {
    const { merchantId, admin } = await world({ productCount: 0 });
    const created = await create(merchantId, admin.headers, weekdayDelivery);
    expect(created).toMatchObject({
      name: 'Weekday delivery',
      kind: 'DELIVERY',
      fee_cents: 1_500,
      fee_bands: [],
      free_above_cents: 30_000,
      minimum_order_cents: 10_000,
      weekdays: [1, 2, 3, 4, 5],
      lead_days: 1,
      cut_off_minutes: 840,
      is_available_to_all: true,
      is_active: true,
      customer_count: 0,
      version: 1,
    });
    // Only a name and a kind: the rest take the contract's defaults.
    const pickUp = await create(merchantId, admin.headers, { name: 'Pick-up', kind: 'PICK_UP' });
    expect(pickUp).toMatchObject({ fee_cents: 0, weekdays: [], lead_days: 1, cut_off_minutes: null });

    const p = paths(merchantId, created.id);
    const listed = await ok<Page<ShippingMethod> & { time_zone: string }>(
      api('GET', p.collection, admin.headers),
    );
    expect(listed).toEqual({ items: [pickUp, created], next_cursor: null, time_zone: 'Australia/Sydney' });
    expect(await ok(api('GET', p.record, admin.headers))).toEqual(created);

    const changed = await ok<ShippingMethod>(
      api('PUT', p.record, admin.headers, {
        ...weekdayDelivery,
        name: 'Weekday run',
        fee_bands: [
          { from_subtotal_cents: 0, fee_cents: 2_000 },
          { from_subtotal_cents: 20_000, fee_cents: 1_000 },
        ],
        is_available_to_all: false,
        version: 1,
      }),
    );
    expect(changed).toMatchObject({
      name: 'Weekday run',
      fee_bands: [
        { from_subtotal_cents: 0, fee_cents: 2_000 },
        { from_subtotal_cents: 20_000, fee_cents: 1_000 },
      ],
      is_available_to_all: false,
      version: 2,
    });

    expect(await ok(api('DELETE', p.record, admin.headers))).toEqual({ deleted: true });
    expect((await api('GET', p.record, admin.headers)).statusCode).toBe(404);
    const after = await ok<Page<ShippingMethod>>(api('GET', p.collection, admin.headers));
    expect(after.items.map((m) => m.name)).toEqual(['Pick-up']);
  });

  it('pages by name with a keyset cursor and searches names', async () => {
    const { merchantId, admin } = await world({ productCount: 0 });
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo']) {
      await create(merchantId, admin.headers, { name, kind: 'DELIVERY' });
    }
    const { collection } = paths(merchantId);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const query: string = cursor ? `?limit=3&cursor=${cursor}` : '?limit=3';
      const page: Page<ShippingMethod> = await ok(api('GET', `${collection}${query}`, admin.headers));
      seen.push(...page.items.map((m) => m.name));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(['Alpha', 'Bravo', 'charlie', 'delta']);
    const found = await ok<Page<ShippingMethod>>(api('GET', `${collection}?search=HA`, admin.headers));
    expect(found.items.map((m) => m.name)).toEqual(['Alpha', 'charlie']);
  });

  it('refuses a duplicate name (any case) and a stale version with 409, changing nothing', async () => {
    const { merchantId, admin } = await world({ productCount: 0 });
    await create(merchantId, admin.headers, { name: 'Pick-up', kind: 'PICK_UP' });
    const method = await create(merchantId, admin.headers, weekdayDelivery);
    const p = paths(merchantId, method.id);

    const duplicate = await api('POST', p.collection, admin.headers, { name: 'PICK-UP', kind: 'PICK_UP' });
    expect(duplicate.statusCode).toBe(409);
    expect(pathsOf(duplicate.json())).toEqual(['body.name']);

    await ok(api('PUT', p.record, admin.headers, { ...weekdayDelivery, fee_cents: 1_000, version: 1 }));
    const stale = await api('PUT', p.record, admin.headers, { ...weekdayDelivery, fee_cents: 0, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe('CONFLICT');
    expect(await ok(api('GET', p.record, admin.headers))).toMatchObject({ fee_cents: 1_000, version: 2 });
  });

  it('answers invalid input with 400 VALIDATION_ERROR on the field and a clear message', async () => {
    const { merchantId, admin } = await world({ productCount: 0 });
    const method = await create(merchantId, admin.headers, weekdayDelivery);
    const p = paths(merchantId, method.id);
    const body = (overrides: object) => ({ ...weekdayDelivery, ...overrides });
    const band = (from: number, fee = 500) => ({ from_subtotal_cents: from, fee_cents: fee });
    const cases: [object, string, RegExp][] = [
      [body({ name: '  ' }), 'body.name', /Enter a name/],
      [body({ name: 'x'.repeat(101) }), 'body.name', /100 characters/],
      [body({ kind: 'DRONE' }), 'body.kind', /Delivery or Pick-up/],
      [body({ fee_cents: -1 }), 'body.fee_cents', /from \$0/],
      [body({ fee_cents: 1.5 }), 'body.fee_cents', /whole cents/],
      [body({ fee_cents: 1_000_001 }), 'body.fee_cents', /\$10,000/],
      [body({ fee_bands: [band(100), band(100)] }), 'body.fee_bands', /increasing/],
      [body({ fee_bands: [band(200), band(100)] }), 'body.fee_bands', /increasing/],
      [body({ fee_bands: Array.from({ length: 11 }, (_, i) => band(i * 100)) }), 'body.fee_bands', /10/],
      [body({ fee_bands: [band(0, -5)] }), 'body.fee_bands.0.fee_cents', /from \$0/],
      [body({ free_above_cents: -1 }), 'body.free_above_cents', /from \$0/],
      [body({ minimum_order_cents: 100_000_001 }), 'body.minimum_order_cents', /\$1,000,000/],
      [body({ weekdays: [0] }), 'body.weekdays.0', /1 \(Monday\) to 7/],
      [body({ weekdays: [8] }), 'body.weekdays.0', /1 \(Monday\) to 7/],
      [body({ weekdays: [1, 1] }), 'body.weekdays', /more than once/],
      [body({ lead_days: 31 }), 'body.lead_days', /0 to 30/],
      [body({ lead_days: -1 }), 'body.lead_days', /0 to 30/],
      [body({ cut_off_minutes: 1440 }), 'body.cut_off_minutes', /time of day/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await api('POST', p.collection, admin.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error_code).toBe('VALIDATION_ERROR');
      const detail = (response.json().details as { path: string; message: string }[]).find(
        (d) => d.path === field,
      );
      expect(detail?.message, `${field} in ${response.body}`).toMatch(message);
    }
    const noVersion = await api('PUT', p.record, admin.headers, weekdayDelivery);
    expect(pathsOf(noVersion.json())).toContain('body.version');
    const badId = await api('GET', paths(merchantId, 'nope').record, admin.headers);
    expect(pathsOf(badId.json())).toContain('params.mid');
    const listed = await ok<Page<ShippingMethod>>(api('GET', p.collection, admin.headers));
    expect(listed.items).toEqual([method]);
  });
});

describe('/shipping/methods/organisation/{id}/method/{mid}/customers', () => {
  it('assigns, lists and unassigns customers; offers the method only to those assigned', async () => {
    const { merchantId, admin, accounts } = await world({ productCount: 0 });
    const [alpha, bravo] = accounts;
    const everyone = await create(merchantId, admin.headers, { name: 'Pick-up', kind: 'PICK_UP' });
    const chosen = await create(merchantId, admin.headers, {
      ...weekdayDelivery,
      is_available_to_all: false,
    });
    await create(merchantId, admin.headers, { name: 'Paused', kind: 'DELIVERY', is_active: false });
    const p = paths(merchantId, chosen.id);

    expect(
      await ok(api('PUT', p.customers, admin.headers, { customer_ids: [alpha!.id, alpha!.id] })),
    ).toEqual({
      changed: 1,
    });
    // Assigning again changes nothing: the customer is already there.
    expect(await ok(api('PUT', p.customers, admin.headers, { customer_ids: [alpha!.id] }))).toEqual({
      changed: 0,
    });
    const one = await ok<GroupCustomer>(api('PUT', p.customer(bravo!.id), admin.headers));
    expect(one).toMatchObject({ customer_id: bravo!.id, title: 'Bravo Bistro', is_archived: false });

    const listed = await ok<Page<GroupCustomer>>(api('GET', p.customers, admin.headers));
    expect(listed.items.map((c) => c.title)).toEqual(['Alpha Café', 'Bravo Bistro']);
    expect(await ok(api('GET', p.record, admin.headers))).toMatchObject({ customer_count: 2 });

    expect(await ok(api('DELETE', p.customer(bravo!.id), admin.headers))).toEqual({ deleted: true });
    expect((await api('DELETE', p.customer(bravo!.id), admin.headers)).statusCode).toBe(404);

    const forAlpha = await ok<{ items: OfferedShippingMethod[] }>(
      api('GET', p.offeredTo(alpha!.id), admin.headers),
    );
    expect(forAlpha.items.map((m) => m.id)).toEqual([everyone.id, chosen.id]);
    expect(forAlpha.items[1]).toEqual({
      id: chosen.id,
      name: 'Weekday delivery',
      kind: 'DELIVERY',
      fee_cents: 1_500,
      fee_bands: [],
      free_above_cents: 30_000,
      minimum_order_cents: 10_000,
      weekdays: [1, 2, 3, 4, 5],
      lead_days: 1,
      cut_off_minutes: 840,
    });
    const forBravo = await ok<{ items: OfferedShippingMethod[] }>(
      api('GET', p.offeredTo(bravo!.id), admin.headers),
    );
    expect(forBravo.items.map((m) => m.name)).toEqual(['Pick-up']);
  });

  it('answers 404 for another merchant’s customer or method and changes nothing', async () => {
    const mine = await world({ productCount: 0 });
    const theirs = await world({ productCount: 0 });
    const method = await create(mine.merchantId, mine.admin.headers, weekdayDelivery);
    const theirMethod = await create(theirs.merchantId, theirs.admin.headers, weekdayDelivery);
    const p = paths(mine.merchantId, method.id);
    const foreign = theirs.accounts[0]!.id;
    const before = await fingerprint(t);

    const calls: [Method, string, object | undefined][] = [
      ['PUT', p.customers, { customer_ids: [mine.accounts[0]!.id, foreign] }],
      ['PUT', p.customer(foreign), undefined],
      ['DELETE', p.customer(foreign), undefined],
      ['GET', p.offeredTo(foreign), undefined],
      ...everyEndpoint(mine.merchantId, theirMethod.id, mine.accounts[0]!.id).filter(([, url]) =>
        url.includes(theirMethod.id),
      ),
    ];
    for (const [method, url, body] of calls) {
      const response = await api(method, url, mine.admin.headers, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
      expect(response.json().error_code).toBe('NOT_FOUND');
    }
    expect(await fingerprint(t)).toEqual(before);
  });
});

describe('who may call the shipping endpoints', () => {
  it('lets a User read but not write (403, nothing changed); a stranger gets 404', async () => {
    const { merchantId, admin, accounts } = await world({ productCount: 0 });
    const method = await create(merchantId, admin.headers, weekdayDelivery);
    const customerId = accounts[0]!.id;
    await ok(api('PUT', paths(merchantId, method.id).customer(customerId), admin.headers));
    const user = await memberOf(merchantId, 'User');
    const stranger = await signedIn('Sam Stranger');
    const endpoints = everyEndpoint(merchantId, method.id, customerId);
    const before = await fingerprint(t);

    for (const [verb, url, body] of endpoints) {
      const response = await api(verb, url, user.headers, body);
      expect(response.statusCode, `${verb} ${url}`).toBe(verb === 'GET' ? 200 : 403);
      if (verb !== 'GET') expect(response.json().error_code).toBe('FORBIDDEN');
    }
    for (const [verb, url, body] of endpoints) {
      expect((await api(verb, url, stranger.headers, body)).statusCode, `${verb} ${url}`).toBe(404);
    }
    expect(await fingerprint(t)).toEqual(before);
  });
});
