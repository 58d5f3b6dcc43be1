import type { Customer } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { customerTestKit, type Headers } from './customers.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, newMerchant, addCustomer } = customerTestKit(() => t);

type Kind = { segment: 'pricing'; member: 'tier' } | { segment: 'visibility'; member: 'group' };
const TIER: Kind = { segment: 'pricing', member: 'tier' };
const GROUP: Kind = { segment: 'visibility', member: 'group' };

/** A tier or group made and filled through its own API, as the merchant's screens do. */
function listsOf(merchantId: string, headers: Headers) {
  const collection = (kind: Kind) => `/products/${kind.segment}/organisation/${merchantId}`;
  return {
    async create(kind: Kind, name: string) {
      const response = await api('POST', collection(kind), headers, { name });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string; name: string };
    },
    async put(kind: Kind, listId: string, customerId: string) {
      const url = `${collection(kind)}/${kind.member}/${listId}/customer/${customerId}`;
      const response = await api('PUT', url, headers);
      expect(response.statusCode, response.body).toBe(200);
    },
  };
}

describe('a customer’s pricing tier and visibility groups', () => {
  it('shows the tier and the groups, by name, on the customer, in the list and on the house account', async () => {
    const { merchant, admin, base } = await newMerchant();
    const lists = listsOf(merchant.id, admin.headers);
    const cafe = await addCustomer(base, admin.headers, { title: 'Café Aroma' });
    const deli = await addCustomer(base, admin.headers, { title: 'Deli Nord' });
    const wholesale = await lists.create(TIER, 'Wholesale');
    const [zone, early, vip] = [
      await lists.create(GROUP, 'Zone North'),
      await lists.create(GROUP, 'early access'),
      await lists.create(GROUP, 'VIP'),
    ];
    await lists.put(TIER, wholesale.id, cafe.id);
    for (const group of [zone!, early!, vip!]) await lists.put(GROUP, group.id, cafe.id);
    await lists.put(GROUP, vip!.id, deli.id);
    const house = (await api('GET', `${base}/house-accounts`, admin.headers)).json() as Customer;
    await lists.put(TIER, wholesale.id, house.id);

    const one = (await api('GET', `${base}/${cafe.id}`, admin.headers)).json() as Customer;
    expect(one.pricing_tier).toEqual({ id: wholesale.id, name: 'Wholesale' });
    expect(one.visibility_groups).toEqual([
      { id: early!.id, name: 'early access' },
      { id: vip!.id, name: 'VIP' },
      { id: zone!.id, name: 'Zone North' },
    ]);

    const page = (await api('GET', `${base}?limit=10`, admin.headers)).json() as { items: Customer[] };
    const listed = Object.fromEntries(
      page.items.map((c) => [
        c.title,
        [c.pricing_tier?.name ?? null, c.visibility_groups.map((g) => g.name)],
      ]),
    );
    expect(listed).toEqual({
      'Café Aroma': ['Wholesale', ['early access', 'VIP', 'Zone North']],
      'Deli Nord': [null, ['VIP']],
      [house.title]: ['Wholesale', []],
    });
    expect(page.items.find((c) => c.id === cafe.id)).toEqual(one);
    expect((await api('GET', `${base}/house-accounts`, admin.headers)).json()).toMatchObject({
      pricing_tier: { id: wholesale.id, name: 'Wholesale' },
      visibility_groups: [],
    });
  });

  it('drops a tier the customer was taken out of and a group that was deleted', async () => {
    const { merchant, admin, base } = await newMerchant();
    const lists = listsOf(merchant.id, admin.headers);
    const customer = await addCustomer(base, admin.headers, { title: 'Moving Co' });
    const [first, second] = [await lists.create(TIER, 'First'), await lists.create(TIER, 'Second')];
    const group = await lists.create(GROUP, 'Trade only');
    await lists.put(TIER, first.id, customer.id);
    await lists.put(TIER, second.id, customer.id);
    await lists.put(GROUP, group.id, customer.id);
    const read = async () => (await api('GET', `${base}/${customer.id}`, admin.headers)).json() as Customer;
    expect(await read()).toMatchObject({
      pricing_tier: { id: second.id, name: 'Second' },
      visibility_groups: [{ id: group.id, name: 'Trade only' }],
    });

    const tierUrl = `/products/pricing/organisation/${merchant.id}/tier/${second.id}/customer/${customer.id}`;
    expect((await api('DELETE', tierUrl, admin.headers)).statusCode).toBe(200);
    const deleteGroup = `/products/visibility/organisation/${merchant.id}/group/${group.id}`;
    expect((await api('DELETE', deleteGroup, admin.headers)).statusCode).toBe(200);
    expect(await read()).toMatchObject({ pricing_tier: null, visibility_groups: [] });
  });

  it('filters the list by tier (or by no tier) on the server, paging by name as ever', async () => {
    const { merchant, admin, base } = await newMerchant('Zz Tier Filter Merchant');
    const lists = listsOf(merchant.id, admin.headers);
    const wholesale = await lists.create(TIER, 'Wholesale');
    const trade = await lists.create(TIER, 'Trade');
    const names = ['Alpha', 'bravo', 'Charlie', 'delta', 'Echo', 'foxtrot', 'Golf'];
    const inWholesale: string[] = [];
    for (const [index, name] of names.entries()) {
      const customer = await addCustomer(base, admin.headers, { title: name });
      if (index % 3 === 0) await lists.put(TIER, trade.id, customer.id);
      else {
        await lists.put(TIER, wholesale.id, customer.id);
        inWholesale.push(name);
      }
    }

    const walk = async (query: Record<string, string>) => {
      const seen: Customer[] = [];
      let cursor: string | null = null;
      do {
        const params = new URLSearchParams({ limit: '2', ...query, ...(cursor ? { cursor } : {}) });
        const response = await api('GET', `${base}?${params}`, admin.headers);
        expect(response.statusCode, response.body).toBe(200);
        const page = response.json() as { items: Customer[]; next_cursor: string | null };
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items);
        cursor = page.next_cursor;
      } while (cursor);
      return seen;
    };

    const wholesaleCustomers = await walk({ pricing_tier_id: wholesale.id });
    expect(wholesaleCustomers.map((c) => c.title)).toEqual(inWholesale);
    expect(new Set(wholesaleCustomers.map((c) => c.pricing_tier?.id))).toEqual(new Set([wholesale.id]));
    expect((await walk({ pricing_tier_id: trade.id })).map((c) => c.title)).toEqual([
      'Alpha',
      'delta',
      'Golf',
    ]);
    // No tier: only the house account is left on base prices.
    expect((await walk({ pricing_tier_id: 'none' })).map((c) => c.title)).toEqual([
      `${merchant.title} (house account)`,
    ]);
    // With a search as well, both apply.
    expect((await walk({ pricing_tier_id: wholesale.id, search: 'ch' })).map((c) => c.title)).toEqual([
      'Charlie',
      'Echo',
    ]);

    // Another merchant's tier matches none of this merchant's customers.
    const other = await newMerchant();
    const otherTier = await listsOf(other.merchant.id, other.admin.headers).create(TIER, 'Elsewhere');
    expect(await walk({ pricing_tier_id: otherTier.id })).toEqual([]);
    const bad = await api('GET', `${base}?pricing_tier_id=not-a-tier`, admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(['querystring.pricing_tier_id']);
  });
});
