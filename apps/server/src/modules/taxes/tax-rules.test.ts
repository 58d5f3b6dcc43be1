import type { TaxRule } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { fingerprint } from '../system/endpoint-access.testing.ts';
import { productGstRates } from './tax-rates.queries.ts';
import { rulePath, taxesPath, taxesTestKit } from './taxes.testing.ts';

// taxes/organisation/{id}/tax-rule/{rid}: editing (with version), deleting, one rule per product
// and per category, tenancy and Admin-only writes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kit = taxesTestKit(() => t);
const { api, ok } = kit;
const paths = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path);

describe('editing a tax rule', () => {
  it('replaces its name, rate and members, and moves its version on', async () => {
    const { merchantId, admin, products, drinks, juice } = await kit.world();
    const [coldBrew, appleJuice, baguette] = products;
    const rule = await kit.createRule(merchantId, admin.headers, {
      name: 'Reduced',
      rate_basis_points: 500,
      product_ids: [coldBrew!.id, baguette!.id],
      category_ids: [drinks.id],
    });
    const edited = await ok<TaxRule>(
      api('PUT', rulePath(merchantId, rule.id), admin.headers, {
        name: 'Reduced rate',
        description: 'Cafe staples',
        rate_basis_points: 250,
        // Keeps the cold brew, drops the baguette, adds the juice; Drinks gives way to Juice.
        product_ids: [appleJuice!.id, coldBrew!.id],
        category_ids: [juice.id],
        version: rule.version,
      }),
    );
    expect(edited).toMatchObject({
      name: 'Reduced rate',
      description: 'Cafe staples',
      rate_basis_points: 250,
      product_count: 2,
      category_count: 1,
      version: rule.version + 1,
    });
    expect(edited.products.map((p) => p.id).sort()).toEqual([appleJuice!.id, coldBrew!.id].sort());
    expect(edited.categories).toEqual([{ id: juice.id, name: 'Juice', parent_name: 'Drinks' }]);
    const rates = await productGstRates(t.database.db, {
      merchantId,
      productIds: products.map((p) => p.id),
      isTaxExempt: false,
    });
    expect(products.map((p) => rates.get(p.id))).toEqual([250, 250, 1_000]);
  });

  it('answers 409 to a stale version and leaves the rule as the newer edit made it', async () => {
    const { merchantId, admin, products } = await kit.world();
    const rule = await kit.createRule(merchantId, admin.headers, { name: 'Reduced', rate_basis_points: 500 });
    const body = { name: 'Reduced', rate_basis_points: 500, product_ids: [products[0]!.id] };
    await ok(api('PUT', rulePath(merchantId, rule.id), admin.headers, { ...body, version: rule.version }));
    const snapshot = await fingerprint(t);
    const stale = await api('PUT', rulePath(merchantId, rule.id), admin.headers, {
      ...body,
      rate_basis_points: 0,
      product_ids: [],
      version: rule.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe('CONFLICT');
    expect(await fingerprint(t)).toEqual(snapshot);
  });

  it('validates like creating, and wants the version', async () => {
    const { merchantId, admin } = await kit.world();
    const rule = await kit.createRule(merchantId, admin.headers, { name: 'Reduced', rate_basis_points: 500 });
    const response = await api('PUT', rulePath(merchantId, rule.id), admin.headers, {
      name: 'Reduced',
      rate_basis_points: 20_000,
    });
    expect(response.statusCode).toBe(400);
    expect(paths(response.json())).toEqual(
      expect.arrayContaining(['body.rate_basis_points', 'body.version']),
    );
  });

  it('answers 404 for a rule that is not there', async () => {
    const { merchantId, admin } = await kit.world();
    const rule = await kit.createRule(merchantId, admin.headers, { name: 'Gone', rate_basis_points: 0 });
    await ok(api('DELETE', rulePath(merchantId, rule.id), admin.headers));
    const response = await api('PUT', rulePath(merchantId, rule.id), admin.headers, {
      name: 'Gone',
      rate_basis_points: 0,
      version: rule.version,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('one rule per product and per category', () => {
  it('refuses a product or category already in another rule, naming that rule; nothing changes', async () => {
    const { merchantId, admin, products, drinks } = await kit.world();
    const exports = await kit.createRule(merchantId, admin.headers, {
      name: 'Exports',
      rate_basis_points: 0,
      product_ids: [products[0]!.id],
      category_ids: [drinks.id],
    });
    const other = await kit.createRule(merchantId, admin.headers, { name: 'Other', rate_basis_points: 500 });
    const snapshot = await fingerprint(t);
    for (const [members, path, words] of [
      [{ product_ids: [products[1]!.id, products[0]!.id] }, 'body.product_ids', products[0]!.name],
      [{ category_ids: [drinks.id] }, 'body.category_ids', 'Drinks'],
    ] as const) {
      const created = await api('POST', taxesPath(merchantId), admin.headers, {
        name: 'Clash',
        rate_basis_points: 0,
        ...members,
      });
      expect(created.statusCode).toBe(409);
      expect(created.json().message).toContain('“Exports”');
      expect(created.json().message).toContain(words);
      expect(paths(created.json())).toEqual([path]);

      const edited = await api('PUT', rulePath(merchantId, other.id), admin.headers, {
        name: 'Other',
        rate_basis_points: 500,
        version: other.version,
        ...members,
      });
      expect(edited.statusCode).toBe(409);
      expect(edited.json().message).toContain('“Exports”');
    }
    expect(await fingerprint(t)).toEqual(snapshot);

    // A rule's own members are no clash with itself.
    const kept = await ok<TaxRule>(
      api('PUT', rulePath(merchantId, exports.id), admin.headers, {
        name: 'Exports',
        rate_basis_points: 0,
        product_ids: [products[0]!.id],
        category_ids: [drinks.id],
        version: exports.version,
      }),
    );
    expect([kept.product_count, kept.category_count]).toEqual([1, 1]);
  });

  it('frees a deleted rule’s products and categories for another rule', async () => {
    const { merchantId, admin, products, drinks } = await kit.world();
    const first = await kit.createRule(merchantId, admin.headers, {
      name: 'First',
      rate_basis_points: 0,
      product_ids: [products[0]!.id],
      category_ids: [drinks.id],
    });
    expect(await ok(api('DELETE', rulePath(merchantId, first.id), admin.headers))).toEqual({ deleted: true });
    expect((await api('GET', rulePath(merchantId, first.id), admin.headers)).statusCode).toBe(404);
    expect((await kit.getSettings(merchantId, admin.headers)).rules).toEqual([]);
    const second = await kit.createRule(merchantId, admin.headers, {
      name: 'Second',
      rate_basis_points: 500,
      product_ids: [products[0]!.id],
      category_ids: [drinks.id],
    });
    expect([second.product_count, second.category_count]).toEqual([1, 1]);
    expect((await api('DELETE', rulePath(merchantId, first.id), admin.headers)).statusCode).toBe(404);
  });
});

describe('who may reach a rule', () => {
  it('lets a User read but not change or delete one', async () => {
    const { merchantId, admin, user, products } = await kit.world();
    const rule = await kit.createRule(merchantId, admin.headers, { name: 'Reduced', rate_basis_points: 500 });
    expect(await ok<TaxRule>(api('GET', rulePath(merchantId, rule.id), user.headers))).toEqual(rule);
    const snapshot = await fingerprint(t);
    const edit = await api('PUT', rulePath(merchantId, rule.id), user.headers, {
      name: 'Mine',
      rate_basis_points: 0,
      product_ids: [products[0]!.id],
      version: rule.version,
    });
    expect(edit.statusCode).toBe(403);
    expect((await api('DELETE', rulePath(merchantId, rule.id), user.headers)).statusCode).toBe(403);
    expect(await fingerprint(t)).toEqual(snapshot);
  });

  it('answers 404 for another merchant’s rule, its products and categories, and changes nothing', async () => {
    const mine = await kit.world();
    const theirs = await kit.world();
    const theirRule = await kit.createRule(theirs.merchantId, theirs.admin.headers, {
      name: 'Theirs',
      rate_basis_points: 500,
    });
    const myRule = await kit.createRule(mine.merchantId, mine.admin.headers, {
      name: 'Mine',
      rate_basis_points: 0,
    });
    const snapshot = await fingerprint(t);
    const body = { name: 'Taken', rate_basis_points: 0, version: theirRule.version };
    // Their rule under my merchant's path, and under theirs.
    for (const path of [rulePath(mine.merchantId, theirRule.id), rulePath(theirs.merchantId, theirRule.id)]) {
      expect((await api('GET', path, mine.admin.headers)).statusCode).toBe(404);
      expect((await api('PUT', path, mine.admin.headers, body)).statusCode).toBe(404);
      expect((await api('DELETE', path, mine.admin.headers)).statusCode).toBe(404);
    }
    // My rule, with their product or category in it.
    for (const members of [{ product_ids: [theirs.products[0]!.id] }, { category_ids: [theirs.juice.id] }]) {
      const response = await api('PUT', rulePath(mine.merchantId, myRule.id), mine.admin.headers, {
        name: 'Mine',
        rate_basis_points: 0,
        version: myRule.version,
        ...members,
      });
      expect(response.statusCode).toBe(404);
    }
    expect(await fingerprint(t)).toEqual(snapshot);
  });
});
