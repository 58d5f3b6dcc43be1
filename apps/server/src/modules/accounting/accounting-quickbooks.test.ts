import type {
  AccountingBooks,
  AccountingConnection,
  AccountingLinkState,
  CustomerLinks,
  LinksChanged,
  ProductLinks,
} from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, signInAs } from '../../testing/index.ts';
import { createAccountingConnections } from './accounting-connections.service.ts';
import { newAbn, ok } from './accounting-links.testing.ts';
import { QUICKBOOKS_MAPPING, syncKit } from './accounting-sync.testing.ts';
import { type AccountingWorld, openAccountingWorld, providerPath } from './accounting.testing.ts';

// QuickBooks Online through Tradeport's own API, against the QuickBooks stand-in over HTTP:
// connecting the company chosen on Intuit's consent page (its realmId posted back), the company's
// accounts and tax codes mapped, customers and products linked to its customers and items (or
// made there), tokens kept to the server, refreshed once however many requests need it, revoked
// on disconnecting, and another merchant's connection out of reach. The sync is
// accounting-sync-quickbooks.test.ts's.

let world: AccountingWorld<'quickbooks'>;
beforeAll(async () => {
  world = await openAccountingWorld('quickbooks');
});
afterAll(() => world?.close());

const kit = syncKit(() => world, QUICKBOOKS_MAPPING);
const qb = () => world.standIn;
const path = (merchantId: string) => providerPath('quickbooks', merchantId);

/** A merchant connected to a company of its own, mapped onto it. */
async function mappedMerchant() {
  world.newBooks();
  const connected = await kit.connectedMerchant();
  const saved = await ok<AccountingConnection>(
    kit.api('PUT', kit.settings(connected.merchant.id), connected.admin.headers, {
      ...QUICKBOOKS_MAPPING,
      version: connected.version,
    }),
  );
  return { ...connected, realmId: saved.tenant!.id };
}

/** A person's hands in the company: an entity made through Intuit's API, its Id. */
async function inQuickBooks(merchantId: string, entity: 'Customer' | 'Item', body: object) {
  const connections = createAccountingConnections(world.t.deps);
  const { token, tenantId } = await connections.accessToken(merchantId, 'quickbooks');
  const response = await fetch(new URL(`/v3/company/${tenantId}/${entity.toLowerCase()}`, qb().url), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, { Id: string }>;
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer[entity]!.Id;
}

describe('connecting QuickBooks Online', () => {
  it('connects the company chosen on the consent page, and no answer ever carries a token', async () => {
    const companies = [
      { realmId: '4620816365100000001', companyName: 'Harbourside Trading' },
      { realmId: '4620816365100000002', companyName: 'Harbourside Holdings' },
    ];
    qb().setCompanies(companies);
    const { merchant, admin } = await kit.newMerchant();
    const { url, back, code, state, realm_id } = await kit.consent(merchant.id, admin.headers, {
      choose: companies[1]!.realmId,
    });
    expect(url.origin).toBe(qb().url);
    expect(url.pathname).toBe('/connect/oauth2');
    expect(url.searchParams.get('redirect_uri')).toBe('http://tradeport.test/quickbooks/settings');
    expect(back.pathname).toBe('/quickbooks/settings');
    expect(realm_id).toBe(companies[1]!.realmId);

    const done = await kit.complete(merchant.id, admin.headers, { code, state, realm_id });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      provider: 'quickbooks',
      status: 'CONNECTED',
      tenant: { id: companies[1]!.realmId, name: 'Harbourside Holdings' },
      tenants: [],
      connected_by: 'Ada Admin',
    });
    expect(qb().grants.at(-1)).toMatchObject({ realmId: companies[1]!.realmId, revokedAt: null });

    const version = done.json<AccountingConnection>().version;
    const answers = [
      done,
      await kit.api('GET', kit.settings(merchant.id), admin.headers),
      await kit.api('PUT', kit.settings(merchant.id), admin.headers, { ...QUICKBOOKS_MAPPING, version }),
      await kit.api('GET', `${kit.settings(merchant.id)}/books`, admin.headers),
      await kit.api('GET', `${kit.settings(merchant.id)}/sync`, admin.headers),
      await kit.api('GET', `${path(merchant.id)}/customers`, admin.headers),
      await kit.api('GET', `${path(merchant.id)}/products`, admin.headers),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const tokens = await kit.storedTokens(merchant.id);
    for (const answer of answers) {
      for (const token of tokens) expect(answer.body).not.toContain(token);
      expect(answer.body).not.toMatch(/access_token|refresh_token/);
    }
  });

  it('connects nothing when the redirect’s realmId is not posted back: QuickBooks names the company only there', async () => {
    world.newBooks();
    const { merchant, admin } = await kit.newMerchant();
    const { code, state } = await kit.consent(merchant.id, admin.headers);
    const refused = await kit.complete(merchant.id, admin.headers, { code, state });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([expect.objectContaining({ path: 'code' })]);
    const after = await ok<AccountingConnection>(kit.api('GET', kit.settings(merchant.id), admin.headers));
    expect(after.status).toBe('NOT_CONNECTED');
  });

  it('keeps another merchant’s connection, books and records out of reach (404)', async () => {
    const mine = await mappedMerchant();
    const theirs = await mappedMerchant();
    const customer = await kit.addCustomer(
      `/organisations/${theirs.merchant.id}/customers`,
      theirs.admin.headers,
      {
        title: 'Their Café',
      },
    );
    const calls = [
      kit.api('GET', kit.settings(theirs.merchant.id), mine.admin.headers),
      kit.api('GET', `${kit.settings(theirs.merchant.id)}/books`, mine.admin.headers),
      kit.api('POST', `${kit.settings(theirs.merchant.id)}/disconnect`, mine.admin.headers, { version: 2 }),
      kit.api('GET', `${path(theirs.merchant.id)}/customers`, mine.admin.headers),
      kit.api('DELETE', `${path(mine.merchant.id)}/customers/${customer.id}`, mine.admin.headers),
    ];
    expect((await Promise.all(calls)).map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404]);
    const still = await ok<AccountingConnection>(
      kit.api('GET', kit.settings(theirs.merchant.id), theirs.admin.headers),
    );
    expect(still).toMatchObject({ status: 'CONNECTED', tenant: { id: theirs.realmId } });
  });
});

describe('the company’s books', () => {
  it('lists its active accounts by use and its tax codes for sales, and maps onto them', async () => {
    world.newBooks();
    const { merchant, admin, version } = await kit.connectedMerchant();
    const books = await ok<AccountingBooks>(
      kit.api('GET', `${kit.settings(merchant.id)}/books`, admin.headers),
    );
    expect(books.accounts).toEqual(
      expect.arrayContaining([
        { code: '1', name: '4-1000 Sales', use: 'REVENUE' },
        { code: '2', name: '4-2000 Other Income', use: 'REVENUE' },
        { code: '3', name: '1-1110 Business Bank Account', use: 'PAYMENTS' },
        { code: '5', name: 'Undeposited Funds', use: 'PAYMENTS' },
        { code: '6', name: '5-1000 Cost of Sales', use: 'OTHER' },
      ]),
    );
    // The inactive account is not offered; nor is the tax code for purchases only (INP).
    expect(books.accounts.map((account) => account.code)).not.toContain('7');
    expect(books.tax_rates).toEqual([
      { id: '10', name: 'GST', rate_percent: 10 },
      { id: '4', name: 'FRE (GST free)', rate_percent: 0 },
    ]);

    const save = (body: object) => kit.api('PUT', kit.settings(merchant.id), admin.headers, body);
    const refused = await save({
      ...QUICKBOOKS_MAPPING,
      payment_account_codes: { BANK_TRANSFER: '1' },
      gst_tax_id: '4',
      version,
    });
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .details.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['body.gst_tax_id', 'body.payment_account_codes.BANK_TRANSFER']);
    const saved = await ok<AccountingConnection>(save({ ...QUICKBOOKS_MAPPING, version }));
    expect(saved).toMatchObject({ mapping: QUICKBOOKS_MAPPING, version: version + 1 });
  });
});

describe('customers and products linked to the company', () => {
  it('suggests customers by ABN, email and name, links them, makes one, and links and unlinks by hand', async () => {
    const { merchant, admin, realmId } = await mappedMerchant();
    const base = `/organisations/${merchant.id}/customers`;
    const abn = newAbn();
    const byAbn = await kit.addCustomer(base, admin.headers, { title: 'Alpha Foods', abn });
    const byEmail = await kit.addCustomer(base, admin.headers, {
      title: 'Beta Deli',
      contact_email: 'orders@beta.example',
    });
    const byName = await kit.addCustomer(base, admin.headers, { title: 'Gamma Grocers' });
    const alone = await kit.addCustomer(base, admin.headers, {
      title: 'Delta Diner',
      abn: newAbn(),
      contact_email: 'delta@diner.example',
    });
    const abnId = await inQuickBooks(merchant.id, 'Customer', {
      DisplayName: 'Alpha Holdings',
      Notes: `ABN ${abn.slice(0, 2)} ${abn.slice(2)}`,
    });
    const emailId = await inQuickBooks(merchant.id, 'Customer', {
      DisplayName: 'B Deli',
      PrimaryEmailAddr: { Address: 'ORDERS@beta.example' },
    });
    const nameId = await inQuickBooks(merchant.id, 'Customer', { DisplayName: 'gamma grocers' });

    const list = await ok<CustomerLinks>(kit.api('GET', `${path(merchant.id)}/customers`, admin.headers));
    const suggestionOf = (id: string) => list.items.find((row) => row.customer.id === id)!.suggestion;
    expect(suggestionOf(byAbn.id)).toMatchObject({ contact: { id: abnId, tax_number: abn }, reason: 'ABN' });
    expect(suggestionOf(byEmail.id)).toMatchObject({ contact: { id: emailId }, reason: 'EMAIL' });
    expect(suggestionOf(byName.id)).toMatchObject({ contact: { id: nameId }, reason: 'NAME' });
    expect(suggestionOf(alone.id)).toBeNull();
    expect(list.counts).toEqual({ total: 4, linked: 0, suggested: 3 });

    const change = (body: object) =>
      ok<LinksChanged>(kit.api('POST', `${path(merchant.id)}/customers`, admin.headers, body));
    expect(await change({ action: 'LINK_SUGGESTED' })).toEqual({ linked: 3, created: 0 });
    const create = { action: 'CREATE', customer_ids: [alone.id] };
    expect(await change(create)).toEqual({ linked: 1, created: 1 });
    expect(await change(create)).toEqual({ linked: 0, created: 0 });
    const made = [...qb().customers(realmId).values()].filter((c) => c.DisplayName === 'Delta Diner');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      PrimaryEmailAddr: { Address: 'delta@diner.example' },
      Notes: `ABN ${alone.abn}`,
    });

    const one = (customerId: string, method: 'PUT' | 'DELETE', body?: object) =>
      kit.api(method, `${path(merchant.id)}/customers/${customerId}`, admin.headers, body);
    expect(await ok<AccountingLinkState>(one(byName.id, 'DELETE'))).toEqual({ id: byName.id, link: null });
    expect(qb().customers(realmId).get(nameId)).toBeDefined();
    expect((await one(alone.id, 'PUT', { external_id: nameId })).statusCode).toBe(200);
    expect((await one(byName.id, 'PUT', { external_id: nameId })).statusCode).toBe(409);
    expect((await one(byName.id, 'PUT', { external_id: '999999' })).statusCode).toBe(400);
    expect(
      (await ok<AccountingLinkState>(one(byName.id, 'PUT', { external_id: made[0]!.Id }))).link,
    ).toMatchObject({ external_id: made[0]!.Id, external_name: 'Delta Diner', linked_by: 'Ada Admin' });
  });

  it('suggests the item whose SKU is the product’s, and makes the others with price, income account and tax code', async () => {
    const { merchant, admin, realmId } = await mappedMerchant();
    const db = world.t.database.db;
    const brew = await createTestProduct(db, { merchantId: merchant.id, name: 'Cold brew', sku: 'CB-1' });
    const juice = await createTestProduct(db, {
      merchantId: merchant.id,
      name: 'Apple juice: 1L',
      sku: 'AJ-1',
      basePriceCents: 450,
      isGstApplicable: false,
    });
    // Another product under the name QuickBooks already has for an item: names are unique there.
    const namesake = await createTestProduct(db, {
      merchantId: merchant.id,
      name: 'Cold brew 1L',
      sku: 'CB-2',
    });
    const itemId = await inQuickBooks(merchant.id, 'Item', {
      Name: 'Cold brew 1L',
      Sku: 'cb-1',
      Type: 'NonInventory',
      IncomeAccountRef: { value: '1' },
    });

    const list = await ok<ProductLinks>(kit.api('GET', `${path(merchant.id)}/products`, admin.headers));
    expect(list.items.map((row) => [row.product.id, row.suggestion])).toEqual([
      [juice.id, null],
      [brew.id, { id: itemId, code: 'cb-1', name: 'Cold brew 1L' }],
      [namesake.id, null],
    ]);
    const change = (body: object) =>
      ok<LinksChanged>(kit.api('POST', `${path(merchant.id)}/products`, admin.headers, body));
    expect(await change({ action: 'LINK_SUGGESTED' })).toEqual({ linked: 1, created: 0 });
    expect(await change({ action: 'CREATE', product_ids: [brew.id, juice.id, namesake.id] })).toEqual({
      linked: 2,
      created: 2,
    });
    const made = [...qb().items(realmId).values()].find((item) => item.Sku === 'AJ-1')!;
    expect(made).toMatchObject({
      Name: 'Apple juice 1L',
      Type: 'NonInventory',
      UnitPrice: 4.5,
      IncomeAccountRef: { value: '1' },
      SalesTaxCodeRef: { value: '4' },
    });

    expect([...qb().items(realmId).values()].find((item) => item.Sku === 'CB-2')).toMatchObject({
      Name: 'Cold brew 1L (CB-2)',
      Description: 'Cold brew 1L',
    });

    const one = (productId: string, method: 'PUT' | 'DELETE', body?: object) =>
      kit.api(method, `${path(merchant.id)}/products/${productId}`, admin.headers, body);
    expect((await one(brew.id, 'PUT', { external_id: made.Id })).statusCode).toBe(409);
    expect(await ok<AccountingLinkState>(one(brew.id, 'DELETE'))).toEqual({ id: brew.id, link: null });
    expect((await ok<AccountingLinkState>(one(brew.id, 'PUT', { external_id: itemId }))).link).toMatchObject({
      external_id: itemId,
      external_name: 'cb-1',
    });
  });
});

describe('disconnecting', () => {
  it('revokes the grant at Intuit and forgets the tokens; a stale version is 409', async () => {
    world.newBooks();
    const { merchant, admin, version } = await kit.connectedMerchant();
    const disconnect = (body: object) =>
      kit.api('POST', `${kit.settings(merchant.id)}/disconnect`, admin.headers, body);
    expect((await disconnect({ version: version + 1 })).statusCode).toBe(409);
    const done = await ok<AccountingConnection>(disconnect({ version }));
    expect(done).toMatchObject({ status: 'NOT_CONNECTED', connected_by: null });
    // Intuit revoked the grant: its tokens no longer work there.
    expect(qb().grants.at(-1)).toMatchObject({ revokedAt: expect.any(Number) });
    await expect(
      createAccountingConnections(world.t.deps).accessToken(merchant.id, 'quickbooks'),
    ).rejects.toThrow(/not connected/);
  });
});

describe('the access token', () => {
  it('is refreshed once when an hour has passed and several requests need it at once', async () => {
    world.newBooks();
    const { merchant, admin } = await kit.connectedMerchant();
    const [before] = await kit.storedTokens(merchant.id);
    const refreshes = qb().tokenRequests.refresh_token!;
    const appNow = world.t.deps.now();
    // An hour passes at Intuit and here: the access token no longer works there.
    qb().advanceClock(3_600_000 + 1_000);
    world.t.setNow(new Date(appNow.getTime() + 3_600_000 + 1_000));
    try {
      // Signed in again: Tradeport's own session is shorter than that.
      const { headers } = await signInAs(world.t.app, admin.user.email);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => kit.api('GET', `${kit.settings(merchant.id)}/books`, headers)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      // Intuit rotates refresh tokens: a second refresh with the spent one would have been refused.
      expect(qb().tokenRequests.refresh_token! - refreshes).toBe(1);
      const [after] = await kit.storedTokens(merchant.id);
      expect(after).not.toBe(before);
    } finally {
      world.t.setNow(appNow);
    }
  });
});
