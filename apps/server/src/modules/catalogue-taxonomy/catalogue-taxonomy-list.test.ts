import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, KEYSET_WORDS, mixedCaseName, type TestApp } from '../../testing/index.ts';
import { type Item, KIND_CASES, type Page, taxonomyTestKit } from './catalogue-taxonomy.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { newMerchant, create, list } = taxonomyTestKit(() => t);

const WORDS = KEYSET_WORDS.slice(0, 11);
const nameOf = mixedCaseName;

describe.each(KIND_CASES)('GET /products/$segment/organisation/{id}', ({ segment, body }) => {
  it('walks every record exactly once in name order, case-insensitively, over several pages', async () => {
    const { merchantId, admin } = await newMerchant();
    const names = WORDS.map(nameOf);
    // Created out of order, so insertion order cannot pass for name order.
    for (const name of [...names].reverse()) await create(segment, merchantId, admin.headers, body(name));

    const seen: Item[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await list(segment, merchantId, admin.headers, {
        limit: '4',
        ...(cursor ? { cursor } : {}),
      });
      expect(page.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.items);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);

    expect(pages).toBe(3);
    expect(seen.map((i) => i.name)).toEqual(names);
    expect(new Set(seen.map((i) => i.id)).size).toBe(names.length);
  });

  it('searches names, ignoring case, with LIKE wildcards taken literally', async () => {
    const { merchantId, admin } = await newMerchant();
    for (const name of ['Bega Cheese', 'Bega Milk', 'Devondale', '100% Juice', '1000 Island']) {
      await create(segment, merchantId, admin.headers, body(name));
    }
    const names = async (search: string) =>
      (await list(segment, merchantId, admin.headers, { search })).items.map((i) => i.name);

    expect(await names('bega')).toEqual(['Bega Cheese', 'Bega Milk']);
    expect(await names('MILK')).toEqual(['Bega Milk']);
    expect(await names('100%')).toEqual(['100% Juice']);
    expect(await names('_')).toEqual([]);
    expect(await names('nothing like it')).toEqual([]);
    // A cleared search box lists everything rather than failing.
    expect((await names('   ')).length).toBe(5);

    // Search and paging together.
    const first = await list(segment, merchantId, admin.headers, { search: 'bega', limit: '1' });
    expect(first.items.map((i) => i.name)).toEqual(['Bega Cheese']);
    const second = await list(segment, merchantId, admin.headers, {
      search: 'bega',
      limit: '1',
      cursor: first.next_cursor!,
    });
    expect(second.items.map((i) => i.name)).toEqual(['Bega Milk']);
    expect(second.next_cursor).toBeNull();
  });
});
