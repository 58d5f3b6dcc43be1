import type { Product } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  KEYSET_WORDS,
  mixedCaseName,
  createTestProduct,
  type TestApp,
} from '../../testing/index.ts';
import { productTestKit } from './products.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, collection, create, list, newMerchant, createVocabulary } = productTestKit(() => t);

const WORDS = KEYSET_WORDS.slice(0, 11);
const nameOf = mixedCaseName;

describe('GET /products/organisation/{id}', () => {
  it('walks every product exactly once in name order, case-insensitively, over several pages', async () => {
    const { merchantId, admin } = await newMerchant();
    const names = WORDS.map(nameOf);
    for (const name of [...names].reverse()) await create(merchantId, admin.headers, { name });
    // Two products with one name: the id breaks the tie, so neither is skipped at a page edge.
    await create(merchantId, admin.headers, { name: 'Echo' });

    const seen: Product[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(merchantId, admin.headers, { limit: '4', ...(cursor ? { cursor } : {}) });
      seen.push(...page.items);
      cursor = page.next_cursor;
      pages += 1;
      // A product added behind the cursor mid-walk is not seen; one ahead of it is.
      if (pages === 1) {
        await create(merchantId, admin.headers, { name: 'Aardvark' });
        await create(merchantId, admin.headers, { name: 'Zulu' });
      }
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen.map((p) => p.name.toLowerCase())).toEqual([
      ...WORDS.slice(0, 5),
      'echo',
      ...WORDS.slice(5),
      'zulu',
    ]);
    expect(new Set(seen.map((p) => p.id)).size).toBe(seen.length);
  });

  it('filters by brand, supplier, category and status, and searches name, SKU and brand', async () => {
    const { merchantId, admin } = await newMerchant();
    const brand = await createVocabulary('brands', merchantId, admin.headers, { name: 'Pauls' });
    const supplier = await createVocabulary('suppliers', merchantId, admin.headers, { name: 'Metcash' });
    const category = await createVocabulary('categories', merchantId, admin.headers, { name: 'Dairy' });
    const milk = await create(merchantId, admin.headers, {
      name: 'Milk 2L',
      sku: 'PL-100',
      brand_id: brand.id,
    });
    const cheese = await create(merchantId, admin.headers, {
      name: 'Tasty Cheese',
      sku: 'CH_50%',
      supplier_id: supplier.id,
      category_id: category.id,
    });
    const bread = await create(merchantId, admin.headers, { name: 'Bread', sku: 'BR-1' });
    await api('POST', `/products/${bread.id}/archive`, admin.headers);
    const names = async (query: Record<string, string>) =>
      (await list(merchantId, admin.headers, query)).items.map((p) => p.name);

    expect(await names({})).toEqual(['Milk 2L', 'Tasty Cheese']);
    expect(await names({ status: 'archived' })).toEqual(['Bread']);
    expect(await names({ status: 'all' })).toEqual(['Bread', 'Milk 2L', 'Tasty Cheese']);
    expect(await names({ brand_id: brand.id })).toEqual([milk.name]);
    expect(await names({ supplier_id: supplier.id })).toEqual([cheese.name]);
    expect(await names({ category_id: category.id, status: 'all' })).toEqual([cheese.name]);
    expect(await names({ search: 'CHEE' })).toEqual([cheese.name]);
    expect(await names({ search: 'pl-1' })).toEqual([milk.name]);
    // Brand names match too; LIKE's wildcards in the search are plain characters.
    expect(await names({ search: 'pauls' })).toEqual([milk.name]);
    expect(await names({ search: '_50%' })).toEqual([cheese.name]);
    expect(await names({ search: '%%' })).toEqual([]);
    expect(await names({ search: '  ' })).toEqual(['Milk 2L', 'Tasty Cheese']);
  });
});

describe('sorting and counting the list', () => {
  it('walks every sort either way over pages, each product once, with a cursor per sort', async () => {
    const { merchantId, admin } = await newMerchant();
    const specs = [
      ['Cheddar', 'S-3', 500],
      ['apple', 's-10', 120],
      ['Butter', 'S-2', 500],
      ['date', 'S-1', 90],
      ['Egg', 'S-5', 500],
    ] as const;
    for (const [name, sku, base_price_cents] of specs) {
      await create(merchantId, admin.headers, { name, sku, base_price_cents });
    }
    const everything = async (query: Record<string, string>) => {
      const seen: Product[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(merchantId, admin.headers, {
          ...query,
          limit: '2',
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...page.items);
        cursor = page.next_cursor;
      } while (cursor);
      return seen;
    };
    const all = await everything({});
    const byKey = (key: (p: Product) => string | number) => (a: Product, b: Product) => {
      const [x, y] = [key(a), key(b)];
      return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1;
    };
    const keys = {
      name: (p: Product) => p.name.toLowerCase(),
      sku: (p: Product) => p.sku.toLowerCase(),
      price: (p: Product) => p.base_price_cents,
      updated: (p: Product) => p.updated_at,
    };
    for (const [sort, key] of Object.entries(keys)) {
      const ascending = [...all].sort(byKey(key)).map((p) => p.id);
      expect(
        (await everything({ sort })).map((p) => p.id),
        sort,
      ).toEqual(ascending);
      expect(
        (await everything({ sort, direction: 'desc' })).map((p) => p.id),
        sort,
      ).toEqual([...ascending].reverse());
    }
    // With a search, the matches are sorted too.
    const butter = await everything({ sort: 'price', direction: 'desc', search: 's-' });
    expect(butter.map((p) => p.base_price_cents)).toEqual([500, 500, 500, 120, 90]);

    // A cursor belongs to its sort: another sort's cursor is a 400, not a wrong page.
    const first = await list(merchantId, admin.headers, { sort: 'price', limit: '2' });
    const mixed = await api(
      'GET',
      `${collection(merchantId)}?${new URLSearchParams({ sort: 'updated', cursor: first.next_cursor! })}`,
      admin.headers,
    );
    expect(mixed.statusCode).toBe(400);
    // …and to its direction: an ascending cursor sent with direction=desc is a 400 too.
    const reversed = await api(
      'GET',
      `${collection(merchantId)}?${new URLSearchParams({ sort: 'price', direction: 'desc', cursor: first.next_cursor! })}`,
      admin.headers,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details).toEqual([{ path: 'querystring.cursor', message: 'Not a valid cursor' }]);
    const descending = await list(merchantId, admin.headers, {
      sort: 'price',
      direction: 'desc',
      limit: '2',
    });
    const ascendingAfter = await api(
      'GET',
      `${collection(merchantId)}?${new URLSearchParams({ sort: 'price', cursor: descending.next_cursor! })}`,
      admin.headers,
    );
    expect(ascendingAfter.statusCode).toBe(400);
  });

  it('counts every product the filters match when asked, however many pages', async () => {
    const { merchantId, admin } = await newMerchant();
    for (const name of ['Oat Milk', 'Soy Milk', 'Milk Powder', 'Bread'])
      await create(merchantId, admin.headers, { name });
    const counted = await list(merchantId, admin.headers, { limit: '1', search: 'milk', with_total: 'true' });
    expect(counted).toMatchObject({ total: 3 });
    expect(counted.items).toHaveLength(1);
    expect(await list(merchantId, admin.headers, { limit: '1' })).toMatchObject({ total: null });
  });
});

describe('product search by words', () => {
  it('matches every word, in any order, in the name, SKU or brand: the list and the picker alike', async () => {
    const { merchantId, admin } = await newMerchant();
    const brand = await createVocabulary('brands', merchantId, admin.headers, { name: 'Vitasoy' });
    await create(merchantId, admin.headers, { name: 'Barista Oat Milk', sku: 'OAT-1', brand_id: brand.id });
    await create(merchantId, admin.headers, { name: 'Full Cream Milk', sku: 'FCM-2' });
    await create(merchantId, admin.headers, { name: 'Barista Blend Beans', sku: 'BB-1' });
    const listed = async (search: string) =>
      (await list(merchantId, admin.headers, { search })).items.map((p) => p.name);
    const picked = async (q: string) => {
      const response = await api(
        'GET',
        `${collection(merchantId)}/search?${new URLSearchParams({ q })}`,
        admin.headers,
      );
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().items as { name: string }[]).map((item) => item.name);
    };

    for (const find of [listed, picked]) {
      expect(await find('barista milk')).toEqual(['Barista Oat Milk']);
      expect(await find('milk barista')).toEqual(['Barista Oat Milk']);
      // A word may match the brand or the SKU while another matches the name.
      expect(await find('vitasoy  milk')).toEqual(['Barista Oat Milk']);
      expect(await find('oat-1 MILK')).toEqual(['Barista Oat Milk']);
      expect(await find('barista cream')).toEqual([]);
    }
    expect(await listed('milk')).toEqual(['Barista Oat Milk', 'Full Cream Milk']);
  });
});

describe('GET /products/organisation/{id}/search', () => {
  it('ranks the closest matches first, forgives a typo, finds brands and SKUs, and stops at the limit', async () => {
    const { merchantId, admin } = await newMerchant();
    const { db } = t.database;
    const brand = await createVocabulary('brands', merchantId, admin.headers, { name: 'Milkwood Dairy' });
    const make = (name: string, sku: string, extra: object = {}) =>
      createTestProduct(db, { merchantId, name, sku, ...extra });
    await make('Chocolate Milk 600ml', 'CM-600');
    await make('Milk', 'M-1');
    await make('Arrowroot Biscuits', 'AB-1');
    await make('Greek Yoghurt', 'GY-1', { brandId: brand.id });
    await make('Skim Milk Powder 1kg', 'SMP-1', { archivedAt: new Date() });
    const search = async (query: string) => {
      const response = await api('GET', `${collection(merchantId)}/search?${query}`, admin.headers);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().items as { name: string }[]).map((item) => item.name);
    };

    const milk = await search('q=milk');
    expect(milk[0]).toBe('Milk');
    expect(milk).toEqual(
      expect.arrayContaining(['Chocolate Milk 600ml', 'Skim Milk Powder 1kg', 'Greek Yoghurt']),
    );
    expect(milk).not.toContain('Arrowroot Biscuits');
    expect(await search('q=milk&limit=2')).toHaveLength(2);
    expect(await search('q=milk&status=active')).not.toContain('Skim Milk Powder 1kg');
    expect((await search('q=choclate'))[0]).toBe('Chocolate Milk 600ml');
    expect((await search('q=ab-1'))[0]).toBe('Arrowroot Biscuits');
    // Case is folded by the database, as the index is: JavaScript would turn "İ" into "i̇".
    await make('İzmir Dried Figs', 'IZ-1');
    expect((await search(`q=${encodeURIComponent('İZMİR')}`))[0]).toBe('İzmir Dried Figs');
    expect(await search(`q=${encodeURIComponent('İz')}`)).toEqual(['İzmir Dried Figs']);

    const first = (await api('GET', `${collection(merchantId)}/search?q=milk&limit=1`, admin.headers)).json()
      .items[0];
    expect(first).toEqual({
      id: expect.any(String),
      name: 'Milk',
      sku: 'M-1',
      brand_name: null,
      base_price_cents: 1000,
      is_active: true,
      image: null,
    });
  });
});
