import type { AccountingBooks, AccountingConnection } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Headers } from '../customers/customers.testing.ts';
import { openXeroWorld, type XeroWorld, xeroKit, xeroSettingsPath } from './accounting.testing.ts';

// PUT xero/organisation/{id}/settings and …/settings/books: the merchant's accounts and tax rates
// mapped onto the Xero organisation's, each checked against the books as Xero has them now.

let world: XeroWorld;
beforeAll(async () => {
  world = await openXeroWorld();
});
afterAll(() => world?.close());

const kit = xeroKit(() => world);
const settings = xeroSettingsPath;
const connectedMerchant = kit.connectedMerchant;

const mapping = {
  sales_account_code: '200',
  freight_account_code: '260',
  surcharge_account_code: '260',
  payment_account_codes: { BANK_TRANSFER: '090', STRIPE_CARD: '091' },
  gst_tax_id: 'OUTPUT',
  gst_free_tax_id: 'EXEMPTOUTPUT',
  push_on: 'ON_COMPLETION',
};

const save = (merchantId: string, headers: Headers, body: object) =>
  kit.api('PUT', settings(merchantId), headers, body);

describe('the books', () => {
  it('lists the Xero organisation’s active accounts, by use, and its tax rates for sales', async () => {
    const { merchant, admin } = await connectedMerchant();
    const response = await kit.api('GET', `${settings(merchant.id)}/books`, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    const books = response.json<AccountingBooks>();
    expect(books.accounts).toEqual(
      expect.arrayContaining([
        { code: '200', name: 'Sales', use: 'REVENUE' },
        { code: '090', name: 'Business Bank Account', use: 'PAYMENTS' },
      ]),
    );
    expect(books.tax_rates).toEqual(
      expect.arrayContaining([
        { id: 'OUTPUT', name: 'GST on Income', rate_percent: 10 },
        { id: 'EXEMPTOUTPUT', name: 'GST Free Income', rate_percent: 0 },
      ]),
    );
    // Rates for purchases only are not offered for sales.
    expect(books.tax_rates.map((rate) => rate.id)).not.toContain('INPUT');
  });

  it('is 409 before connecting, and 503 while Xero does not answer', async () => {
    const { merchant, admin } = await kit.newMerchant();
    expect((await kit.api('GET', `${settings(merchant.id)}/books`, admin.headers)).statusCode).toBe(409);
    const other = await connectedMerchant();
    world.standIn.failNext(2, { status: 503 });
    const down = await kit.api('GET', `${settings(other.merchant.id)}/books`, other.admin.headers);
    expect(down.statusCode).toBe(503);
  });
});

describe('saving the mapping', () => {
  it('keeps accounts, payment accounts, tax rates and when to send, and answers them', async () => {
    const { merchant, admin, version } = await connectedMerchant();
    const saved = await save(merchant.id, admin.headers, { ...mapping, version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AccountingConnection>()).toMatchObject({ mapping, version: version + 1 });
    expect((await kit.api('GET', settings(merchant.id), admin.headers)).json().mapping).toEqual(mapping);
  });

  it('refuses, on each field, codes the books do not have or that do not fit their use; saves nothing', async () => {
    const { merchant, admin, version } = await connectedMerchant();
    const refused = await save(merchant.id, admin.headers, {
      ...mapping,
      sales_account_code: '999',
      freight_account_code: '090',
      payment_account_codes: { CASH: '200' },
      gst_tax_id: 'EXEMPTOUTPUT',
      gst_free_tax_id: 'OUTPUT',
      version,
    });
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .details.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual([
      'body.freight_account_code',
      'body.gst_free_tax_id',
      'body.gst_tax_id',
      'body.payment_account_codes.CASH',
      'body.sales_account_code',
    ]);
    const after = (await kit.api('GET', settings(merchant.id), admin.headers)).json<AccountingConnection>();
    expect(after.mapping.sales_account_code).toBeNull();
    expect(after.version).toBe(version);
  });

  it('is 409 on a stale version, and 400 on a payment method it does not know', async () => {
    const { merchant, admin, version } = await connectedMerchant();
    expect((await save(merchant.id, admin.headers, { ...mapping, version: version + 1 })).statusCode).toBe(
      409,
    );
    const unknown = await save(merchant.id, admin.headers, {
      ...mapping,
      payment_account_codes: { BARTER: '090' },
      version,
    });
    expect(unknown.statusCode).toBe(400);
  });
});
