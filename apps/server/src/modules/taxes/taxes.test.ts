import { randomUUID } from 'node:crypto';
import { MAX_TAX_RULES, type TaxRule, type TaxSettings } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxRules } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { fingerprint } from '../system/endpoint-access.testing.ts';
import { productGstRates } from './tax-rates.queries.ts';
import { rulePath, taxesPath, taxesTestKit } from './taxes.testing.ts';

// taxes/organisation/{id}: the merchant's GST rounding, and creating and reading tax rules.
// Rules' edits, deletes and the one-rule-per-member rule are in tax-rules.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kit = taxesTestKit(() => t);
const { api, ok } = kit;
const paths = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path);

describe('tax settings', () => {
  it('start at GST 10 % rounded per line, with no rules', async () => {
    const { merchantId, admin } = await kit.world();
    const settings = await kit.getSettings(merchantId, admin.headers);
    expect(settings).toMatchObject({
      gst_rounding: 'PER_LINE',
      default_rate_basis_points: 1_000,
      is_advanced_tax_enabled: false,
      rules: [],
    });
    expect(settings.version).toBeGreaterThanOrEqual(1);
  });

  it('let an Admin choose per-invoice rounding, guarded by the organisation’s version', async () => {
    const { merchantId, admin } = await kit.world();
    const before = await kit.getSettings(merchantId, admin.headers);
    const changed = await ok<TaxSettings>(
      api('PUT', taxesPath(merchantId), admin.headers, {
        gst_rounding: 'PER_INVOICE',
        version: before.version,
      }),
    );
    expect(changed.gst_rounding).toBe('PER_INVOICE');
    expect(changed.version).toBe(before.version + 1);
    expect((await kit.getSettings(merchantId, admin.headers)).gst_rounding).toBe('PER_INVOICE');

    // The version read before is stale now: 409, and the choice stays.
    const snapshot = await fingerprint(t);
    const stale = await api('PUT', taxesPath(merchantId), admin.headers, {
      gst_rounding: 'PER_LINE',
      version: before.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe('CONFLICT');
    expect(await fingerprint(t)).toEqual(snapshot);
  });

  it('refuse a rounding that does not exist, and a missing version', async () => {
    const { merchantId, admin } = await kit.world();
    const response = await api('PUT', taxesPath(merchantId), admin.headers, { gst_rounding: 'PER_ORDER' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('VALIDATION_ERROR');
    expect(paths(response.json())).toEqual(expect.arrayContaining(['body.gst_rounding', 'body.version']));
  });

  it('are readable by a User, who may not change them', async () => {
    const { merchantId, user } = await kit.world();
    const settings = await kit.getSettings(merchantId, user.headers);
    const snapshot = await fingerprint(t);
    const response = await api('PUT', taxesPath(merchantId), user.headers, {
      gst_rounding: 'PER_INVOICE',
      version: settings.version,
    });
    expect(response.statusCode).toBe(403);
    expect(await fingerprint(t)).toEqual(snapshot);
  });

  it('are not another merchant’s to read or change: 404, nothing changed', async () => {
    const mine = await kit.world();
    const theirs = await kit.world();
    const version = (await kit.getSettings(theirs.merchantId, theirs.admin.headers)).version;
    expect((await api('GET', taxesPath(theirs.merchantId), mine.admin.headers)).statusCode).toBe(404);
    const snapshot = await fingerprint(t);
    const response = await api('PUT', taxesPath(theirs.merchantId), mine.admin.headers, {
      gst_rounding: 'PER_INVOICE',
      version,
    });
    expect(response.statusCode).toBe(404);
    expect(await fingerprint(t)).toEqual(snapshot);
  });
});

describe('creating a tax rule', () => {
  it('names a rate for products and categories, which the products then get', async () => {
    const { merchantId, admin, products, drinks, juice } = await kit.world();
    const [coldBrew, appleJuice, baguette] = products;
    const rule = await kit.createRule(merchantId, admin.headers, {
      name: '  Reduced rate ',
      rate_basis_points: 500,
      product_ids: [baguette!.id, coldBrew!.id.toUpperCase(), coldBrew!.id],
      category_ids: [juice.id, drinks.id],
    });
    expect(rule).toMatchObject({
      name: 'Reduced rate',
      description: null,
      rate_basis_points: 500,
      product_count: 2,
      category_count: 2,
      version: 1,
    });
    expect(rule.products.map((p) => p.id)).toEqual([baguette!.id, coldBrew!.id].sort(byNameOf(products)));
    expect(rule.products.every((p) => p.is_active)).toBe(true);
    expect(rule.categories).toEqual([
      { id: drinks.id, name: 'Drinks', parent_name: null },
      { id: juice.id, name: 'Juice', parent_name: 'Drinks' },
    ]);

    expect(await ok<TaxRule>(api('GET', rulePath(merchantId, rule.id), admin.headers))).toEqual(rule);
    const { products: _, categories: __, ...summary } = rule;
    expect((await kit.getSettings(merchantId, admin.headers)).rules).toEqual([summary]);

    const rates = await productGstRates(t.database.db, {
      merchantId,
      productIds: products.map((p) => p.id),
      isTaxExempt: false,
    });
    expect([rates.get(coldBrew!.id), rates.get(appleJuice!.id), rates.get(baguette!.id)]).toEqual([
      500, 1_000, 500,
    ]);
  });

  it('takes a rule with no members, and a 0 % rate', async () => {
    const { merchantId, admin } = await kit.world();
    const rule = await kit.createRule(merchantId, admin.headers, { name: 'Exports', rate_basis_points: 0 });
    expect(rule).toMatchObject({ rate_basis_points: 0, products: [], categories: [] });
  });

  it('refuses rates outside 0–100 %, fractions of a basis point, blank names and too many members', async () => {
    const { merchantId, admin } = await kit.world();
    const snapshot = await fingerprint(t);
    const tooMany = Array.from({ length: 1_001 }, () => randomUUID());
    for (const [body, path] of [
      [{ name: 'Over', rate_basis_points: 10_001 }, 'body.rate_basis_points'],
      [{ name: 'Under', rate_basis_points: -1 }, 'body.rate_basis_points'],
      [{ name: 'Fraction', rate_basis_points: 12.5 }, 'body.rate_basis_points'],
      [{ name: '   ', rate_basis_points: 1_000 }, 'body.name'],
      [{ name: 'Many', rate_basis_points: 1_000, product_ids: tooMany }, 'body.product_ids'],
      [{ name: 'Many', rate_basis_points: 1_000, category_ids: tooMany }, 'body.category_ids'],
      [{ name: 'Bad id', rate_basis_points: 1_000, product_ids: ['not-an-id'] }, 'body.product_ids.0'],
    ] as const) {
      const response = await api('POST', taxesPath(merchantId), admin.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error_code).toBe('VALIDATION_ERROR');
      expect(paths(response.json())).toContain(path);
    }
    expect(await fingerprint(t)).toEqual(snapshot);
  });

  it('refuses a name already used, whatever its case', async () => {
    const { merchantId, admin } = await kit.world();
    await kit.createRule(merchantId, admin.headers, { name: 'Exports', rate_basis_points: 0 });
    const response = await api('POST', taxesPath(merchantId), admin.headers, {
      name: 'EXPORTS',
      rate_basis_points: 0,
    });
    expect(response.statusCode).toBe(409);
    expect(paths(response.json())).toEqual(['body.name']);
  });

  it('refuses another merchant’s product or category: 404, nothing created', async () => {
    const mine = await kit.world();
    const theirs = await kit.world();
    const snapshot = await fingerprint(t);
    for (const members of [
      { product_ids: [mine.products[0]!.id, theirs.products[0]!.id] },
      { category_ids: [theirs.drinks.id] },
    ]) {
      const response = await api('POST', taxesPath(mine.merchantId), mine.admin.headers, {
        name: 'Sneaky',
        rate_basis_points: 0,
        ...members,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error_code).toBe('NOT_FOUND');
    }
    expect(await fingerprint(t)).toEqual(snapshot);
  });

  it('refuses a User, and a merchant with its fill of rules', async () => {
    const { merchantId, admin, user } = await kit.world();
    let snapshot = await fingerprint(t);
    const refused = await api('POST', taxesPath(merchantId), user.headers, {
      name: 'Mine',
      rate_basis_points: 0,
    });
    expect(refused.statusCode).toBe(403);
    expect(await fingerprint(t)).toEqual(snapshot);

    await t.database.db.insert(taxRules).values(
      Array.from({ length: MAX_TAX_RULES }, (_, i) => ({
        merchantId,
        name: `Rule ${i}`,
        rateBasisPoints: i,
      })),
    );
    expect((await kit.getSettings(merchantId, admin.headers)).rules).toHaveLength(MAX_TAX_RULES);
    snapshot = await fingerprint(t);
    const full = await api('POST', taxesPath(merchantId), admin.headers, {
      name: 'One more',
      rate_basis_points: 0,
    });
    expect(full.statusCode).toBe(409);
    expect(await fingerprint(t)).toEqual(snapshot);
  });
});

/** Sorts ids by their product's name, as the API lists a rule's products. */
function byNameOf(products: { id: string; name: string }[]) {
  const name = (id: string) => products.find((p) => p.id === id)!.name.toLowerCase();
  return (a: string, b: string) => name(a).localeCompare(name(b));
}
