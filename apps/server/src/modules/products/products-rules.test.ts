import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pricingTiers,
  tierPrices,
  visibilityGroupProducts,
  visibilityGroups,
} from '../../platform/db/schema/index.ts';
import { onePixelPng } from '../../platform/storage/testing/sample-images.ts';
import { createTestApp, createTestProduct, type TestApp } from '../../testing/index.ts';
import { pathsOf, productBody, productTestKit } from './products.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, collection, create, snapshot, updateBody, newMerchant, createVocabulary } = productTestKit(
  () => t,
);

const record = (id: string) => `/products/${id}`;

describe('input rules', () => {
  it('answers invalid input with 400 VALIDATION_ERROR on the field, changing nothing', async () => {
    const { merchantId, admin } = await newMerchant();
    const product = await create(merchantId, admin.headers);
    const before = await snapshot(merchantId);
    const base = collection(merchantId);
    const cases = [
      [
        'POST',
        base,
        productBody({ sku: 'has space', base_price_cents: -1 }),
        ['body.sku', 'body.base_price_cents'],
      ],
      [
        'POST',
        base,
        productBody({ base_price_cents: 12.5, pack_size: 0 }),
        ['body.base_price_cents', 'body.pack_size'],
      ],
      [
        'PUT',
        record(product.id),
        updateBody(product, { name: '', version: 0 }),
        ['body.name', 'body.version'],
      ],
      ['GET', `${base}?limit=0&brand_id=nope`, undefined, ['querystring.limit', 'querystring.brand_id']],
      ['GET', `${base}?search=a`, undefined, ['querystring.search']],
      ['GET', `${base}?cursor=nonsense`, undefined, ['querystring.cursor']],
      ['GET', `${base}/search?q=m&limit=21`, undefined, ['querystring.q', 'querystring.limit']],
      [
        'GET',
        `${base}/dependencies?product_ids=a,b`,
        undefined,
        ['querystring.product_ids.0', 'querystring.product_ids.1'],
      ],
      ['GET', `${base}/bulk?status=gone`, undefined, ['querystring.status']],
      ['POST', `${base}/bulk`, { action: 'archive', product_ids: [] }, ['body.product_ids']],
      ['POST', `${base}/bulk`, { action: 'explode' }, ['body.action']],
      ['GET', record('not-a-uuid'), undefined, ['params.id']],
      ['POST', `${record(product.id)}/explode`, undefined, ['params.x']],
    ] as const;
    for (const [method, url, payload, paths] of cases) {
      const response = await api(method, url, admin.headers, payload);
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(400);
      expect(response.json().error_code).toBe('VALIDATION_ERROR');
      expect(pathsOf(response.json()), `${method} ${url}`).toEqual(expect.arrayContaining([...paths]));
    }
    expect(await snapshot(merchantId)).toEqual(before);
  });

  it('refuses another merchant’s brand, supplier, category or unit as if it did not exist', async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const theirs = {
      brand_id: (await createVocabulary('brands', b.merchantId, b.admin.headers, { name: 'B brand' })).id,
      supplier_id: (
        await createVocabulary('suppliers', b.merchantId, b.admin.headers, { name: 'B supplier' })
      ).id,
      category_id: (await createVocabulary('categories', b.merchantId, b.admin.headers, { name: 'B cat' }))
        .id,
      unit_of_measure_id: (
        await createVocabulary('uom', b.merchantId, b.admin.headers, { name: 'B unit', abbreviation: 'bu' })
      ).id,
    };
    const product = await create(a.merchantId, a.admin.headers);
    const before = await snapshot(a.merchantId);
    for (const [field, id] of Object.entries(theirs)) {
      const created = await api(
        'POST',
        collection(a.merchantId),
        a.admin.headers,
        productBody({ [field]: id }),
      );
      expect(created.statusCode).toBe(400);
      expect(pathsOf(created.json())).toEqual([`body.${field}`]);
      const changed = await api(
        'PUT',
        record(product.id),
        a.admin.headers,
        updateBody(product, { [field]: id }),
      );
      expect(pathsOf(changed.json())).toEqual([`body.${field}`]);
      const bulk = await api('POST', `${collection(a.merchantId)}/bulk`, a.admin.headers, {
        action: 'create',
        products: [productBody(), productBody({ [field]: id })],
      });
      expect(bulk.statusCode).toBe(400);
      expect(pathsOf(bulk.json())).toEqual([`body.products.1.${field}`]);
    }
    expect(await snapshot(a.merchantId)).toEqual(before);
  });

  it('accepts only an image the caller uploaded', async () => {
    const { merchantId, admin } = await newMerchant();
    t.setNow(new Date());
    const presigned = await api('POST', '/s3/presigned-upload-url/image-type/png', admin.headers);
    const { upload_url, public_url, headers } = presigned.json();
    const stored = await t.app.inject({
      method: 'PUT',
      url: new URL(upload_url).pathname + new URL(upload_url).search,
      headers,
      payload: onePixelPng(),
    });
    expect(stored.statusCode).toBe(200);

    const refused = await api(
      'POST',
      collection(merchantId),
      admin.headers,
      productBody({ image: 'https://evil.test/x.png' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(pathsOf(refused.json())).toEqual(['body.image']);

    const created = await create(merchantId, admin.headers, { image: public_url });
    expect(created.image).toBe(public_url);
    // Saving again with the same image needs no new upload.
    const kept = await api(
      'PUT',
      record(created.id),
      admin.headers,
      updateBody(created, { name: 'Renamed' }),
    );
    expect(kept.json()).toMatchObject({ image: public_url, name: 'Renamed' });
  });
});

describe('conflicts', () => {
  it('answers a stale version with 409 and keeps the newer edit', async () => {
    const { merchantId, admin } = await newMerchant();
    const product = await create(merchantId, admin.headers);
    const later = new Date(Date.parse(product.updated_at) + 60_000);
    t.setNow(later);
    const first = await api('PUT', record(product.id), admin.headers, updateBody(product, { name: 'First' }));
    expect(first.json()).toMatchObject({
      version: 2,
      updated_at: later.toISOString(),
      created_at: product.created_at,
    });
    const stale = await api(
      'PUT',
      record(product.id),
      admin.headers,
      updateBody(product, { name: 'Second' }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe('CONFLICT');
    const now = await api('GET', record(product.id), admin.headers);
    expect(now.json()).toMatchObject({ name: 'First', version: 2 });
  });

  it('refuses a SKU already used by the merchant, ignoring case, with 409 on body.sku', async () => {
    const { merchantId, admin } = await newMerchant();
    const first = await create(merchantId, admin.headers, { sku: 'MILK-2L' });
    const other = await create(merchantId, admin.headers, { sku: 'CHEESE' });
    const duplicate = await api(
      'POST',
      collection(merchantId),
      admin.headers,
      productBody({ sku: 'milk-2l' }),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(pathsOf(duplicate.json())).toEqual(['body.sku']);
    const renamed = await api('PUT', record(other.id), admin.headers, updateBody(other, { sku: 'Milk-2L' }));
    expect(renamed.statusCode).toBe(409);
    expect(pathsOf(renamed.json())).toEqual(['body.sku']);
    // Changing only the case of its own SKU is no clash; another merchant may use the same SKU.
    expect(
      (await api('PUT', record(first.id), admin.headers, updateBody(first, { sku: 'milk-2l' }))).statusCode,
    ).toBe(200);
    const elsewhere = await newMerchant();
    await create(elsewhere.merchantId, elsewhere.admin.headers, { sku: 'MILK-2L' });
  });

  it('refuses to delete a product a tier or group uses, saying how to keep it out of sight', async () => {
    const { merchantId, admin } = await newMerchant();
    const { db } = t.database;
    const used = await createTestProduct(db, { merchantId });
    const tiers = await db
      .insert(pricingTiers)
      .values([
        { merchantId, name: 'Gold' },
        { merchantId, name: 'Silver' },
      ])
      .returning();
    const [group] = await db.insert(visibilityGroups).values({ merchantId, name: 'Cafes' }).returning();
    await db
      .insert(tierPrices)
      .values(tiers.map((tier) => ({ merchantId, tierId: tier.id, productId: used.id, priceCents: 900 })));
    await db.insert(visibilityGroupProducts).values({ merchantId, groupId: group!.id, productId: used.id });

    const refused = await api('DELETE', record(used.id), admin.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error_code: 'CONFLICT',
      message: 'Used by 2 pricing tiers and 1 visibility group — archive it instead.',
    });
    const dependencies = await api(
      'GET',
      `${collection(merchantId)}/dependencies?product_ids=${used.id}`,
      admin.headers,
    );
    expect(dependencies.json().items).toEqual([
      {
        product_id: used.id,
        order_count: 0,
        pricing_tier_count: 2,
        visibility_group_count: 1,
        can_delete: false,
      },
    ]);
    expect(await snapshot(merchantId)).toEqual([used]);
    expect((await api('POST', `${record(used.id)}/archive`, admin.headers)).statusCode).toBe(200);
  });
});
