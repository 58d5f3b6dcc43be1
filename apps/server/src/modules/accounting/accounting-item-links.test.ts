import type { AccountingLinkState, LinksChanged, ProductLinks, TaxRuleLinks } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct } from '../../testing/index.ts';
import type { Headers } from '../customers/customers.testing.ts';
import { linksKit, ok, suffix, xeroPath as xero } from './accounting-links.testing.ts';
import { itemCodesFor } from './accounting-links.service.ts';
import { openXeroWorld, type XeroWorld, xeroSettingsPath } from './accounting.testing.ts';

// xero/organisation/{id}/products and taxes over HTTP against the Xero stand-in: the item whose
// code is the SKU suggested and linked, the missing items made with the mapping's account and GST,
// itemCodesFor as the sync reads it; tax rules linked to the books' tax rates for sales.

let world: XeroWorld;
beforeAll(async () => {
  world = await openXeroWorld();
});
afterAll(() => world?.close());

const kit = linksKit(() => world);
const { connected } = kit;

describe('products and items', () => {
  async function mapped() {
    const found = await connected();
    const { merchant, admin, version } = found;
    await ok(
      kit.api('PUT', xeroSettingsPath(merchant.id), admin.headers, {
        sales_account_code: '200',
        freight_account_code: null,
        surcharge_account_code: null,
        payment_account_codes: {},
        gst_tax_id: 'OUTPUT',
        gst_free_tax_id: 'EXEMPTOUTPUT',
        push_on: 'ON_PLACING',
        version,
      }),
    );
    return found;
  }

  it('suggests the item whose code is the SKU, links it, and creates the others with price, account and GST', async () => {
    const { merchant, admin, inXero } = await mapped();
    const s = suffix().toUpperCase();
    const db = world.t.database.db;
    const coldBrew = await createTestProduct(db, {
      merchantId: merchant.id,
      name: `Cold brew ${s}`,
      sku: `CB-${s}`,
    });
    const juice = await createTestProduct(db, {
      merchantId: merchant.id,
      name: `Apple juice ${s}`,
      sku: `AJ-${s}`,
      basePriceCents: 450,
      isGstApplicable: false,
    });
    const baguette = await createTestProduct(db, {
      merchantId: merchant.id,
      name: `Baguette ${s} with a name longer than Xero's fifty characters allow`,
      sku: `BG-${s}`,
      basePriceCents: 1_234,
    });
    const archived = await createTestProduct(db, {
      merchantId: merchant.id,
      sku: `OLD-${s}`,
      archivedAt: new Date(),
    });
    const { Items } = (await inXero('PUT', 'Items', {
      Items: [{ Code: `cb-${s}`, Name: 'Cold brew 1L' }],
    })) as {
      Items: { ItemID: string }[];
    };
    const itemId = Items[0]!.ItemID;

    const list = await ok<ProductLinks>(kit.api('GET', `${xero(merchant.id)}/products`, admin.headers));
    expect(list.items.map((row) => row.product.id)).toEqual([juice.id, baguette.id, coldBrew.id]);
    expect(list.counts).toEqual({ total: 3, linked: 0, suggested: 1 });
    expect(list.items.find((row) => row.product.id === coldBrew.id)!.suggestion).toEqual({
      id: itemId,
      code: `cb-${s}`,
      name: 'Cold brew 1L',
    });
    expect(list.unlinked_items.map((item) => item.id)).toContain(itemId);

    const change = (body: object) =>
      ok<LinksChanged>(kit.api('POST', `${xero(merchant.id)}/products`, admin.headers, body));
    expect(await change({ action: 'LINK_SUGGESTED' })).toEqual({ linked: 1, created: 0 });
    const create = { action: 'CREATE', product_ids: [coldBrew.id, juice.id, baguette.id] };
    expect(await change(create)).toEqual({ linked: 2, created: 2 });
    expect(await change(create)).toEqual({ linked: 0, created: 0 });

    const items = [...world.standIn.items().values()];
    expect(items.find((item) => item.Code === `AJ-${s}`)).toMatchObject({
      Name: `Apple juice ${s}`,
      SalesDetails: { UnitPrice: 4.5, AccountCode: '200', TaxType: 'EXEMPTOUTPUT' },
    });
    const made = items.find((item) => item.Code === `BG-${s}`)!;
    expect(made).toMatchObject({ SalesDetails: { UnitPrice: 12.34, AccountCode: '200', TaxType: 'OUTPUT' } });
    expect((made.Name as string).length).toBeLessThanOrEqual(50);
    expect(made.Description).toBe(baguette.name);

    // What the sync reads: the code of each linked product's item; an archived one has none.
    const codes = await itemCodesFor({
      db,
      merchantId: merchant.id,
      provider: 'xero',
      productIds: [coldBrew.id, juice.id, archived.id],
    });
    expect(codes).toEqual(
      new Map([
        [coldBrew.id, `cb-${s}`],
        [juice.id, `AJ-${s}`],
      ]),
    );

    const one = (productId: string, method: 'PUT' | 'DELETE', body?: object) =>
      kit.api(method, `${xero(merchant.id)}/products/${productId}`, admin.headers, body);
    expect((await one(archived.id, 'PUT', { external_id: itemId })).statusCode).toBe(409);
    expect((await one(juice.id, 'PUT', { external_id: itemId })).statusCode).toBe(409);
    expect(await ok<AccountingLinkState>(one(coldBrew.id, 'DELETE'))).toEqual({
      id: coldBrew.id,
      link: null,
    });
    expect((await ok<AccountingLinkState>(one(juice.id, 'PUT', { external_id: itemId }))).link).toMatchObject(
      {
        external_id: itemId,
        external_name: `cb-${s}`,
      },
    );
  });
});

describe('tax rules and tax rates', () => {
  it('links a rule to one of the books’ rates for sales, frees a deleted rule’s rate, and unlinks', async () => {
    const { merchant, admin } = await connected();
    const rule = (name: string) =>
      ok<{ id: string }>(
        kit.api('POST', `/taxes/organisation/${merchant.id}`, admin.headers, { name, rate_basis_points: 0 }),
        201,
      );
    const exports = await rule('Exports');
    const charity = await rule('Charity');
    const taxes = (headers: Headers = admin.headers) => kit.api('GET', `${xero(merchant.id)}/taxes`, headers);
    const link = (ruleId: string, taxId: string) =>
      kit.api('PUT', `${xero(merchant.id)}/taxes/${ruleId}`, admin.headers, { tax_id: taxId });

    const before = await ok<TaxRuleLinks>(taxes());
    expect(before.tax_rules).toEqual([
      { tax_rule: { id: charity.id, name: 'Charity', rate_basis_points: 0 }, link: null },
      { tax_rule: { id: exports.id, name: 'Exports', rate_basis_points: 0 }, link: null },
    ]);
    // Rates for expenses only are not offered.
    expect(before.tax_rates.map((rate) => rate.id).sort()).toEqual(['BASEXCLUDED', 'EXEMPTOUTPUT', 'OUTPUT']);

    const refused = await link(exports.id, 'INPUT');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([expect.objectContaining({ path: 'tax_id' })]);
    expect((await ok<AccountingLinkState>(link(exports.id, 'EXEMPTOUTPUT'))).link).toMatchObject({
      external_id: 'EXEMPTOUTPUT',
      external_name: 'GST Free Income',
    });
    // A tax rate may serve several rules (unlike a contact or an item).
    expect((await ok<AccountingLinkState>(link(charity.id, 'EXEMPTOUTPUT'))).link?.external_id).toBe(
      'EXEMPTOUTPUT',
    );

    // A deleted rule's link goes with it.
    await ok(kit.api('DELETE', `/taxes/organisation/${merchant.id}/tax-rule/${exports.id}`, admin.headers));
    const listed = await ok<TaxRuleLinks>(taxes());
    expect(listed.tax_rules).toEqual([
      {
        tax_rule: expect.objectContaining({ id: charity.id }),
        link: expect.objectContaining({ external_id: 'EXEMPTOUTPUT' }),
      },
    ]);

    expect(
      await ok<AccountingLinkState>(
        kit.api('DELETE', `${xero(merchant.id)}/taxes/${charity.id}`, admin.headers),
      ),
    ).toEqual({ id: charity.id, link: null });
  });
});
