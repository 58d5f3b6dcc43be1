import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorBodyOf, type TestApp } from '../../testing/index.ts';
import { taxonomyTestKit } from './catalogue-taxonomy.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, collection, record, newMerchant, create, list } = taxonomyTestKit(() => t);

const base = (merchantId: string) => collection('categories', merchantId);
const one = (id: string, merchantId: string) => record('categories', id, merchantId);
const pathsOf = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path);

async function setUp() {
  const { merchantId, admin } = await newMerchant();
  const add = (name: string, parentId: string | null = null) =>
    create('categories', merchantId, admin.headers, { name, parent_id: parentId });
  const all = async () => (await list('categories', merchantId, admin.headers, { limit: '100' })).items;
  return { merchantId, headers: admin.headers, add, all };
}

describe('categories nest one level', () => {
  it('takes a top-level parent and counts its children', async () => {
    const { add, all } = await setUp();
    const dairy = await add('Dairy');
    const cheese = await add('Cheese', dairy.id);
    await add('Milk', dairy.id);
    expect(cheese).toMatchObject({ parent_id: dairy.id, children_count: 0 });
    expect((await all()).map((c) => [c.name, c.parent_id, c.children_count])).toEqual([
      ['Cheese', dairy.id, 0],
      ['Dairy', null, 2],
      ['Milk', dairy.id, 0],
    ]);
  });

  it('refuses a parent that itself has a parent with 400 on body.parent_id', async () => {
    const { merchantId, headers, add, all } = await setUp();
    const dairy = await add('Dairy');
    const cheese = await add('Cheese', dairy.id);
    const response = await api('POST', base(merchantId), headers, { name: 'Brie', parent_id: cheese.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('VALIDATION_ERROR');
    expect(pathsOf(response.json())).toEqual(['body.parent_id']);

    const other = await add('Bakery');
    const moved = await api('PUT', one(other.id, merchantId), headers, {
      name: 'Bakery',
      parent_id: cheese.id,
    });
    expect(moved.statusCode).toBe(400);
    expect((await all()).map((c) => c.name)).toEqual(['Bakery', 'Cheese', 'Dairy']);
  });

  it('keeps a category that has children at the top level, and never its own parent', async () => {
    const { merchantId, headers, add, all } = await setUp();
    const dairy = await add('Dairy');
    await add('Cheese', dairy.id);
    const bakery = await add('Bakery');

    const under = await api('PUT', one(dairy.id, merchantId), headers, {
      name: 'Dairy',
      parent_id: bakery.id,
    });
    expect(under.statusCode).toBe(400);
    expect(pathsOf(under.json())).toEqual(['body.parent_id']);

    const self = await api('PUT', one(bakery.id, merchantId), headers, {
      name: 'Bakery',
      parent_id: bakery.id,
    });
    expect(self.statusCode).toBe(400);
    expect(pathsOf(self.json())).toEqual(['body.parent_id']);

    expect((await all()).find((c) => c.id === dairy.id)?.parent_id).toBeNull();
    expect((await all()).find((c) => c.id === bakery.id)?.parent_id).toBeNull();
  });

  it('answers another merchant’s or a missing parent as 400 on body.parent_id, saying nothing about it', async () => {
    const { merchantId, headers, all } = await setUp();
    const elsewhere = await setUp();
    const theirs = await elsewhere.add('Their dairy');

    const foreign = await api('POST', base(merchantId), headers, { name: 'Cheese', parent_id: theirs.id });
    const missing = await api('POST', base(merchantId), headers, { name: 'Cheese', parent_id: randomUUID() });
    expect(foreign.statusCode).toBe(400);
    expect(pathsOf(foreign.json())).toEqual(['body.parent_id']);
    expect(missing.statusCode).toBe(400);
    expect(errorBodyOf(foreign)).toEqual(errorBodyOf(missing));

    expect(await all()).toEqual([]);
    expect((await elsewhere.all()).map((c) => [c.name, c.children_count])).toEqual([['Their dairy', 0]]);
  });

  it('makes names unique among siblings only, ignoring case', async () => {
    const { merchantId, headers, add, all } = await setUp();
    const dairy = await add('Dairy');
    const pantry = await add('Pantry');
    await add('Organic', dairy.id);
    await add('Organic', pantry.id);
    await add('Organic');

    const sibling = await api('POST', base(merchantId), headers, { name: 'ORGANIC', parent_id: dairy.id });
    expect(sibling.statusCode).toBe(409);
    expect(pathsOf(sibling.json())).toEqual(['body.name']);
    const topLevel = await api('POST', base(merchantId), headers, { name: 'dairy', parent_id: null });
    expect(topLevel.statusCode).toBe(409);

    expect((await all()).length).toBe(5);
  });

  it('refuses to delete a category that has children with 409, and deletes it once they are gone', async () => {
    const { merchantId, headers, add, all } = await setUp();
    const dairy = await add('Dairy');
    const cheese = await add('Cheese', dairy.id);

    const refused = await api('DELETE', one(dairy.id, merchantId), headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error_code: 'CONFLICT',
      message: expect.stringContaining('1 sub-category'),
    });
    expect((await all()).length).toBe(2);

    expect((await api('DELETE', one(cheese.id, merchantId), headers)).statusCode).toBe(200);
    expect((await api('DELETE', one(dairy.id, merchantId), headers)).statusCode).toBe(200);
    expect(await all()).toEqual([]);
  });
});
