import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { KIND_CASES, taxonomyTestKit } from './catalogue-taxonomy.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, collection, record, newMerchant, memberOf, create, list } = taxonomyTestKit(() => t);

const pathsOf = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path);

describe.each(KIND_CASES)('/products/$segment', ({ segment, label, body, invalidBody, invalidPath }) => {
  it('lets an Admin create, list, rename and delete, with trimmed input', async () => {
    const { merchantId, admin } = await newMerchant();
    const created = await create(segment, merchantId, admin.headers, body('  Bega  '));
    expect(created).toMatchObject({ id: expect.any(String), name: 'Bega' });
    if (segment === 'suppliers') {
      expect(created).toMatchObject({ contact_email: 'orders@example.test', phone: '02 9999 0000' });
    }
    if (segment === 'uom') expect(created).toMatchObject({ abbreviation: 'ctn' });
    if (segment === 'categories') expect(created).toMatchObject({ parent_id: null, children_count: 0 });

    expect((await list(segment, merchantId, admin.headers)).items).toEqual([created]);

    const renamed = await api(
      'PUT',
      record(segment, created.id, merchantId),
      admin.headers,
      body('Bega Dairy'),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created.id, name: 'Bega Dairy' });

    const deleted = await api('DELETE', record(segment, created.id, merchantId), admin.headers);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await list(segment, merchantId, admin.headers)).items).toEqual([]);
  });

  it('lets a User-level member of the merchant manage it too', async () => {
    const { merchantId } = await newMerchant();
    const user = await memberOf(merchantId, 'User');
    const created = await create(segment, merchantId, user.headers, body('Arnott’s'));
    const renamed = await api('PUT', record(segment, created.id, merchantId), user.headers, body('Arnotts'));
    expect(renamed.statusCode).toBe(200);
    const deleted = await api('DELETE', record(segment, created.id, merchantId), user.headers);
    expect(deleted.statusCode).toBe(200);
  });

  it('answers invalid input with 400 VALIDATION_ERROR on the field, changing nothing', async () => {
    const { merchantId, admin } = await newMerchant();
    const created = await create(segment, merchantId, admin.headers, body('Kept'));

    const badList = await api('GET', `${collection(segment, merchantId)}?limit=0`, admin.headers);
    expect(badList.statusCode).toBe(400);
    expect(pathsOf(badList.json())).toContain('querystring.limit');

    const badCursor = await api('GET', `${collection(segment, merchantId)}?cursor=nonsense`, admin.headers);
    expect(badCursor.statusCode).toBe(400);
    expect(pathsOf(badCursor.json())).toEqual(['querystring.cursor']);

    const badCreate = await api('POST', collection(segment, merchantId), admin.headers, invalidBody);
    expect(badCreate.statusCode).toBe(400);
    expect(badCreate.json().error_code).toBe('VALIDATION_ERROR');
    expect(pathsOf(badCreate.json())).toContain(invalidPath);

    const badUpdate = await api('PUT', record(segment, created.id, merchantId), admin.headers, invalidBody);
    expect(badUpdate.statusCode).toBe(400);
    expect(pathsOf(badUpdate.json())).toContain(invalidPath);

    const badDelete = await api('DELETE', record(segment, 'not-a-uuid', merchantId), admin.headers);
    expect(badDelete.statusCode).toBe(400);
    expect(badDelete.json().error_code).toBe('VALIDATION_ERROR');

    expect((await list(segment, merchantId, admin.headers)).items).toEqual([created]);
  });

  it(`refuses a duplicate ${label} name, ignoring case, with 409 on body.name`, async () => {
    const { merchantId, admin } = await newMerchant();
    const first = await create(segment, merchantId, admin.headers, body('Bega'));
    const other = await create(segment, merchantId, admin.headers, body('Devondale'));

    const duplicate = await api('POST', collection(segment, merchantId), admin.headers, body('  BEGA '));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ error_code: 'CONFLICT' });
    expect(pathsOf(duplicate.json())).toEqual(['body.name']);

    const rename = await api('PUT', record(segment, other.id, merchantId), admin.headers, body('bega'));
    expect(rename.statusCode).toBe(409);
    expect(pathsOf(rename.json())).toEqual(['body.name']);

    // Changing only the case of its own name is not a clash.
    const recase = await api('PUT', record(segment, first.id, merchantId), admin.headers, body('BEGA'));
    expect(recase.statusCode).toBe(200);

    // Another merchant may use the same name.
    const elsewhere = await newMerchant();
    await create(segment, elsewhere.merchantId, elsewhere.admin.headers, body('Bega'));

    const names = (await list(segment, merchantId, admin.headers)).items.map((i) => i.name);
    expect(names).toEqual(['BEGA', 'Devondale']);
  });
});
