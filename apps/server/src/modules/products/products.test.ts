import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { productBody, productTestKit } from './products.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const {
  api,
  collection,
  create,
  list,
  runBulk,
  snapshot,
  updateBody,
  newMerchant,
  memberOf,
  createVocabulary,
} = productTestKit(() => t);

const record = (id: string) => `/products/${id}`;

describe('one product', () => {
  it('lets an Admin create, read, change, archive, restore and delete it', async () => {
    const { merchantId, admin } = await newMerchant();
    const brand = await createVocabulary('brands', merchantId, admin.headers, { name: 'Dairy Farmers' });
    const unit = await createVocabulary('uom', merchantId, admin.headers, {
      name: 'Bottle',
      abbreviation: 'btl',
    });
    const created = await create(merchantId, admin.headers, {
      name: '  Full Cream Milk 2L ',
      sku: 'DF-2L',
      description: '  ',
      brand_id: brand.id,
      unit_of_measure_id: unit.id,
    });
    expect(created).toMatchObject({
      name: 'Full Cream Milk 2L',
      sku: 'DF-2L',
      description: null,
      brand: { id: brand.id, name: 'Dairy Farmers' },
      supplier: null,
      unit_of_measure: { id: unit.id, name: 'Bottle', abbreviation: 'btl' },
      base_price_cents: 310,
      cost_cents: null,
      is_gst_applicable: true,
      is_active: true,
      min_order_quantity: 1,
      pack_size: 1,
      version: 1,
    });

    const read = await api('GET', record(created.id), admin.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);

    const changed = await api(
      'PUT',
      record(created.id),
      admin.headers,
      updateBody(created, { base_price_cents: 325, brand_id: null }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ base_price_cents: 325, brand: null, version: 2 });

    const archived = await api('POST', `${record(created.id)}/archive`, admin.headers);
    expect(archived.json()).toMatchObject({ is_active: false, version: 3 });
    // Idempotent: a second archive changes nothing, not even the version.
    const again = await api('POST', `${record(created.id)}/archive`, admin.headers);
    expect(again.json()).toMatchObject({ is_active: false, version: 3 });
    expect((await list(merchantId, admin.headers)).items).toEqual([]);
    expect((await list(merchantId, admin.headers, { status: 'archived' })).items.map((p) => p.id)).toEqual([
      created.id,
    ]);

    const restored = await api('POST', `${record(created.id)}/restore`, admin.headers);
    expect(restored.json()).toMatchObject({ is_active: true, version: 4 });

    const deleted = await api('DELETE', record(created.id), admin.headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await api('GET', record(created.id), admin.headers)).statusCode).toBe(404);
  });

  it('lets a User-level member of the merchant manage products too', async () => {
    const { merchantId } = await newMerchant();
    const user = await memberOf(merchantId, 'User');
    const created = await create(merchantId, user.headers);
    const changed = await api(
      'PUT',
      record(created.id),
      user.headers,
      updateBody(created, { name: 'Renamed' }),
    );
    expect(changed.statusCode).toBe(200);
    expect((await api('POST', `${record(created.id)}/archive`, user.headers)).statusCode).toBe(200);
    expect((await list(merchantId, user.headers, { status: 'all' })).items).toHaveLength(1);
    expect(
      (await runBulk(merchantId, user.headers, { action: 'restore', product_ids: [created.id] })).restored,
    ).toBe(1);
    expect((await api('DELETE', record(created.id), user.headers)).statusCode).toBe(200);
  });
});

/** Every products route with a body that would be valid, for the access tests. */
function everyRoute(merchantId: string, productId: string) {
  const base = collection(merchantId);
  return [
    ['GET', base, undefined],
    ['POST', base, productBody()],
    ['GET', `${base}/search?q=milk`, undefined],
    ['POST', `${base}/bulk`, { action: 'archive', product_ids: [productId] }],
    ['GET', `${base}/bulk`, undefined],
    ['GET', `${base}/dependencies?product_ids=${productId}`, undefined],
    ['GET', record(productId), undefined],
    ['PUT', record(productId), { ...productBody(), version: 1 }],
    ['DELETE', record(productId), undefined],
    ['POST', `${record(productId)}/archive`, undefined],
  ] as const;
}

describe('access', () => {
  // Path ids are the generated access test's (system/endpoint-access.test.ts); ids in a body are not.
  it('answers 404 for another merchant’s product named in a body or list, and changes nothing', async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const mine = await create(a.merchantId, a.admin.headers);
    const before = await snapshot(a.merchantId);

    // B names A's product under its own organisation.
    for (const [method, url, payload] of everyRoute(b.merchantId, mine.id).filter(([, url]) =>
      /bulk$|dependencies/.test(url),
    )) {
      if (method === 'GET' && url.endsWith('/bulk')) continue; // the export takes no ids
      const response = await api(method, url, b.admin.headers, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    for (const action of ['update', 'delete', 'restore'] as const) {
      const body =
        action === 'update'
          ? { action, products: [{ ...updateBody(mine, { name: 'Stolen' }), id: mine.id }] }
          : { action, product_ids: [mine.id] };
      expect((await runBulk(b.merchantId, b.admin.headers, body, 404)).error_code).toBe('NOT_FOUND');
    }
    expect(await snapshot(a.merchantId)).toEqual(before);
    expect(await snapshot(b.merchantId)).toEqual([]);
  });
});
