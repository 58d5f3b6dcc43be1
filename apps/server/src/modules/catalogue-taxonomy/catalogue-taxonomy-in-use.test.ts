import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestProduct, type TestApp } from '../../testing/index.ts';
import { KIND_CASES, taxonomyTestKit } from './catalogue-taxonomy.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, record, newMerchant, create, list } = taxonomyTestKit(() => t);

// Which product column points at each kind.
const COLUMN = {
  brands: 'brandId',
  suppliers: 'supplierId',
  uom: 'unitOfMeasureId',
  categories: 'categoryId',
} as const;

describe.each(KIND_CASES)('DELETE /products/$segment/{id} of one in use', ({ segment, label, body }) => {
  it(`refuses to delete a ${label} products use, with the count, and deletes it once unused`, async () => {
    const { merchantId, admin } = await newMerchant();
    const used = await create(segment, merchantId, admin.headers, body('Used'));
    const { db } = t.database;
    await createTestProduct(db, { merchantId, [COLUMN[segment]]: used.id });
    // An archived product still counts: it keeps its history, and the foreign key still holds.
    await createTestProduct(db, { merchantId, [COLUMN[segment]]: used.id, archivedAt: new Date() });

    const refused = await api('DELETE', record(segment, used.id, merchantId), admin.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error_code: 'CONFLICT',
      message: expect.stringMatching(/^2 products use this/),
    });
    expect((await list(segment, merchantId, admin.headers)).items.map((item) => item.id)).toEqual([used.id]);

    const unused = await create(segment, merchantId, admin.headers, body('Unused'));
    expect((await api('DELETE', record(segment, unused.id, merchantId), admin.headers)).statusCode).toBe(200);
  });
});
