import type { Customer } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, KEYSET_WORDS, mixedCaseName, type TestApp } from '../../testing/index.ts';
import { encodeCursor } from '../../platform/db/keyset-cursor.ts';
import { customerTestKit, details, type Headers } from './customers.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, newMerchant, addCustomer } = customerTestKit(() => t);

type Page = { items: Customer[]; next_cursor: string | null };

const listPage = async (base: string, headers: Headers, query: Record<string, string>) => {
  const response = await api('GET', `${base}?${new URLSearchParams(query)}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
};

const titlesOf = (page: Page) => page.items.map((c) => c.title);

const WORDS = KEYSET_WORDS;
const nameOf = (word: string, index: number) => `${mixedCaseName(word, index)} Supplies`;
const byName = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1);

describe('GET /organisations/{id}/customers paging', () => {
  it('walks every customer exactly once in name order, with one added mid-way after the cursor', async () => {
    // The house account sorts last ("zz…"), after every name above.
    const { merchant, admin, base } = await newMerchant('Zz Paging Merchant');
    const names = WORDS.map(nameOf);
    for (const name of names) await addCustomer(base, admin.headers, { title: name });

    const seen: Customer[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await listPage(base, admin.headers, { limit: '7', ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(7);
      seen.push(...page.items);
      pages += 1;
      if (pages === 2) {
        // One after the cursor's position must show up; one before it is behind us and must not.
        await addCustomer(base, admin.headers, { title: 'yodel Supplies' });
        await addCustomer(base, admin.headers, { title: 'AARDVARK Supplies' });
      }
      cursor = page.next_cursor;
    } while (cursor && pages < 20);

    const expected = [...names, 'yodel Supplies', `${merchant.title} (house account)`].sort(byName);
    expect(seen.map((c) => c.title)).toEqual(expected);
    expect(new Set(seen.map((c) => c.id)).size).toBe(seen.length);
    expect(pages).toBe(Math.ceil(expected.length / 7));

    // A fresh walk from the start has the early one as well.
    const all = await listPage(base, admin.headers, { limit: '100' });
    expect(titlesOf(all)).toEqual([...expected, 'AARDVARK Supplies'].sort(byName));
    expect(all.next_cursor).toBeNull();
  });

  it('pages ties in name by id, so customers with one name are neither lost nor repeated', async () => {
    const { admin, base } = await newMerchant();
    const same = [];
    for (let i = 0; i < 5; i++)
      same.push(await addCustomer(base, admin.headers, { title: i % 2 ? 'TWIN' : 'Twin' }));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await listPage(base, admin.headers, { limit: '2', ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.filter((c) => !c.is_house_account).map((c) => c.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(same.map((c) => c.id).sort());
  });

  it('answers a garbage or tampered cursor with 400, never a server error', async () => {
    const { admin, base } = await newMerchant();
    const cursors = [
      'not-a-cursor!!',
      Buffer.from('{"title": 1}').toString('base64url'),
      Buffer.from('null').toString('base64url'),
      encodeCursor({ title: 'a', id: 'not-a-uuid' }),
      encodeCursor({ title: 'a\u0000b', id: '00000000-0000-4000-8000-000000000000' }),
    ];
    for (const cursor of cursors) {
      const response = await api('GET', `${base}?${new URLSearchParams({ cursor })}`, admin.headers);
      expect({ cursor, status: response.statusCode, body: response.json() }).toEqual({
        cursor,
        status: 400,
        body: expect.objectContaining({
          error_code: 'VALIDATION_ERROR',
          details: [expect.objectContaining({ path: 'querystring.cursor' })],
        }),
      });
    }
  });
});

describe('GET /organisations/{id}/customers search', () => {
  let admin: { headers: Headers };
  let base: string;
  beforeAll(async () => {
    ({ admin, base } = await newMerchant('Search Merchant'));
    const customers = [
      details({
        title: 'Harbour Espresso Bar',
        contact_email: 'orders@harbourbrew.test',
        abn: '53004085616',
      }),
      details({ title: 'Laneway Bakery', contact_email: 'hello@laneway.test', abn: '51824753556' }),
      details({ title: '50% Off Outlet' }),
      details({ title: '500 Club' }),
      details({ title: 'Ramen_Bar' }),
      details({ title: 'RamenXBar' }),
    ];
    for (const customer of customers) await addCustomer(base, admin.headers, customer);
  });

  const search = async (text: string) => titlesOf(await listPage(base, admin.headers, { search: text }));

  it('finds by a fragment of the name, any case', async () => {
    expect(await search('ESPRESSO')).toEqual(['Harbour Espresso Bar']);
    expect(await search('bak')).toEqual(['Laneway Bakery']);
  });

  it('finds by a fragment of the contact email', async () => {
    expect(await search('HarbourBrew')).toEqual(['Harbour Espresso Bar']);
    expect(await search('@laneway.')).toEqual(['Laneway Bakery']);
  });

  it('finds by ABN, with or without spaces', async () => {
    expect(await search('51 824 753 556')).toEqual(['Laneway Bakery']);
    expect(await search('53004085616')).toEqual(['Harbour Espresso Bar']);
  });

  it('takes % and _ literally', async () => {
    expect(await search('0%')).toEqual(['50% Off Outlet']);
    expect(await search('n_b')).toEqual(['Ramen_Bar']);
    expect(await search('%%')).toEqual([]);
  });

  it('needs at least 2 characters after trimming', async () => {
    for (const text of ['a', '  e  ']) {
      const response = await api('GET', `${base}?${new URLSearchParams({ search: text })}`, admin.headers);
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { path: 'querystring.search', message: 'Type at least 2 characters to search' },
      ]);
    }
  });

  // Issue 9, defect 10: the screens warn of a second customer with the same ABN before saving.
  it('lists the customers with one ABN exactly, with or without spaces', async () => {
    const byAbn = async (abn: string) =>
      titlesOf(await listPage(base, admin.headers, { abn, status: 'all' }));
    expect(await byAbn('51 824 753 556')).toEqual(['Laneway Bakery']);
    expect(await byAbn('53004085616')).toEqual(['Harbour Espresso Bar']);
    // Not a fragment: a valid ABN nobody has finds nothing.
    expect(await byAbn('83914571673')).toEqual([]);
    const bad = await api('GET', `${base}?abn=123`, admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(['querystring.abn']);
  });

  it('pages a search with its cursor', async () => {
    const first = await listPage(base, admin.headers, { search: 'ba', limit: '2' });
    expect(titlesOf(first)).toEqual(['Harbour Espresso Bar', 'Laneway Bakery']);
    const second = await listPage(base, admin.headers, {
      search: 'ba',
      limit: '2',
      cursor: first.next_cursor!,
    });
    expect(titlesOf(second)).toEqual(['Ramen_Bar', 'RamenXBar']);
    expect(second.next_cursor).toBeNull();
  });
});

describe('GET /organisations/{id}/customers status', () => {
  it('shows active customers by default, archived ones on request, or all', async () => {
    const { merchant, admin, base } = await newMerchant('Status Merchant');
    await addCustomer(base, admin.headers, { title: 'Still Trading' });
    const gone = await addCustomer(base, admin.headers, { title: 'Closed Down' });
    const archived = await api('PUT', `${base}/${gone.id}`, admin.headers, {
      ...details({ title: 'Closed Down' }),
      archived: true,
      version: gone.version,
    });
    expect(archived.statusCode).toBe(200);

    const house = `${merchant.title} (house account)`;
    expect(titlesOf(await listPage(base, admin.headers, {}))).toEqual([house, 'Still Trading']);
    expect(titlesOf(await listPage(base, admin.headers, { status: 'active' }))).toEqual([
      house,
      'Still Trading',
    ]);
    const onlyArchived = await listPage(base, admin.headers, { status: 'archived' });
    expect(onlyArchived.items).toEqual([expect.objectContaining({ id: gone.id, archived: true })]);
    expect(titlesOf(await listPage(base, admin.headers, { status: 'all' }))).toEqual([
      'Closed Down',
      house,
      'Still Trading',
    ]);
    // Search and status together.
    expect(titlesOf(await listPage(base, admin.headers, { status: 'archived', search: 'still' }))).toEqual(
      [],
    );
  });
});
