import type {
  AccountingBooks,
  AccountingConnection,
  AccountingLinkState,
  CustomerLinks,
  LinksChanged,
  ProductLinks,
} from '@tradeport/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, signInAs } from '../../testing/index.ts';
import { createAccountingConnections } from './accounting-connections.service.ts';
import { newAbn, ok } from './accounting-links.testing.ts';
import { myobMappingOf, syncKit } from './accounting-sync.testing.ts';
import { keepTokensAlive } from './accounting-token-keepalive.job.ts';
import { type AccountingWorld, openAccountingWorld, providerPath } from './accounting.testing.ts';

// MYOB Business through Tradeport's own API, against the MYOB stand-in over HTTP: connecting the
// company file chosen on MYOB's consent page (its businessId posted back), the file's accounts and
// tax codes mapped, customers and products linked to its customers and items (or made there),
// tokens kept to the server, refreshed once however many requests need it (and before MYOB's
// week-long refresh token lapses while idle), forgotten on disconnecting, and another merchant's
// connection out of reach. The sync is accounting-sync-myob.test.ts's, the pace of calls (MYOB's 8
// a second on the API key) myob-provider.test.ts's: here the stand-in lets them through as fast.

let world: AccountingWorld<'myob'>;
beforeAll(async () => {
  world = await openAccountingWorld('myob', { myobCallsPerSecond: 10_000 });
});
afterAll(() => world?.close());

const kit = syncKit(() => world, myobMappingOf);
const myob = () => world.standIn;
const path = (merchantId: string) => providerPath('myob', merchantId);

/** A merchant connected to a company file of its own, mapped onto it. */
async function mappedMerchant() {
  const fileId = world.newBooks();
  const connected = await kit.connectedMerchant();
  const { merchant, admin } = connected;
  const books = await ok<AccountingBooks>(
    kit.api('GET', `${kit.settings(merchant.id)}/books`, admin.headers),
  );
  const mapping = myobMappingOf(books);
  await ok(
    kit.api('PUT', kit.settings(merchant.id), admin.headers, { ...mapping, version: connected.version }),
  );
  return { ...connected, fileId, mapping };
}

/**
 * A person's hands in the company file: a customer or an item made in MYOB (straight into the
 * stand-in's file, as MYOB's own screens would: not through Tradeport's API key and its limit).
 */
function inMyob(fileId: string, kind: 'customers' | 'items', fields: Record<string, unknown>) {
  const uid = randomUUID();
  myob()
    .records(fileId)
    [kind].set(uid, { UID: uid, IsActive: true, RowVersion: '1', ...fields });
  return uid;
}

describe('connecting MYOB Business', () => {
  it('connects the company file chosen on the consent page, and no answer ever carries a token', async () => {
    const files = [
      { id: '0f1e2d3c-0000-4000-8000-000000000001', name: 'Harbourside Trading' },
      { id: '0f1e2d3c-0000-4000-8000-000000000002', name: 'Harbourside Holdings' },
    ];
    myob().setCompanyFiles(files);
    const { merchant, admin } = await kit.newMerchant();
    const { url, back, code, state, realm_id } = await kit.consent(merchant.id, admin.headers, {
      choose: files[1]!.id,
    });
    expect(url.origin).toBe(myob().url);
    expect(url.pathname).toBe('/oauth2/account/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe('http://tradeport.test/myob/settings');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(back.pathname).toBe('/myob/settings');
    expect(realm_id).toBe(files[1]!.id);

    const done = await kit.complete(merchant.id, admin.headers, { code, state, realm_id });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      provider: 'myob',
      status: 'CONNECTED',
      tenant: { id: files[1]!.id, name: 'Harbourside Holdings' },
      tenants: [],
      connected_by: 'Ada Admin',
    });
    expect(myob().grants.at(-1)).toMatchObject({ file: files[1], revokedAt: null });

    const { version } = done.json<AccountingConnection>();
    const books = await kit.api('GET', `${kit.settings(merchant.id)}/books`, admin.headers);
    const mapping = myobMappingOf(books.json<AccountingBooks>());
    const answers = [
      done,
      books,
      await kit.api('GET', kit.settings(merchant.id), admin.headers),
      await kit.api('PUT', kit.settings(merchant.id), admin.headers, { ...mapping, version }),
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

  it('keeps another merchant’s connection, books and records out of reach (404)', async () => {
    const mine = await mappedMerchant();
    const theirs = await mappedMerchant();
    const customer = await kit.addCustomer(
      `/organisations/${theirs.merchant.id}/customers`,
      theirs.admin.headers,
      { title: 'Their Café' },
    );
    const calls = [
      kit.api('GET', kit.settings(theirs.merchant.id), mine.admin.headers),
      kit.api('GET', `${kit.settings(theirs.merchant.id)}/books`, mine.admin.headers),
      kit.api('POST', `${kit.settings(theirs.merchant.id)}/disconnect`, mine.admin.headers, { version: 2 }),
      kit.api('GET', `${path(theirs.merchant.id)}/products`, mine.admin.headers),
      kit.api('PUT', `${path(mine.merchant.id)}/customers/${customer.id}`, mine.admin.headers, {
        external_id: customer.id,
      }),
    ];
    expect((await Promise.all(calls)).map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404]);
    const still = await ok<AccountingConnection>(
      kit.api('GET', kit.settings(theirs.merchant.id), theirs.admin.headers),
    );
    expect(still).toMatchObject({ status: 'CONNECTED', tenant: { id: theirs.fileId } });
  });
});

describe('the company file’s books', () => {
  it('lists its active accounts by use and its tax codes for sales, and maps onto them', async () => {
    world.newBooks();
    const { merchant, admin, version } = await kit.connectedMerchant();
    const books = await ok<AccountingBooks>(
      kit.api('GET', `${kit.settings(merchant.id)}/books`, admin.headers),
    );
    expect(books.accounts).toEqual(
      expect.arrayContaining([
        { code: '4-1000', name: 'Sales income', use: 'REVENUE' },
        { code: '1-1110', name: 'Business Bank Account', use: 'PAYMENTS' },
        { code: '1-1120', name: 'Card clearing', use: 'PAYMENTS' },
        { code: '1-1200', name: 'Trade Debtors', use: 'OTHER' },
      ]),
    );
    // Header accounts sum others; an inactive one cannot be used; import duty is not for sales.
    const codes = books.accounts.map((account) => account.code);
    expect(codes).not.toContain('4-0000');
    expect(codes).not.toContain('4-3000');
    expect(books.tax_rates.map((rate) => [rate.name, rate.rate_percent])).toEqual([
      ['GST – Goods & Services Tax', 10],
      ['FRE – GST Free', 0],
      ['ITS – Input Taxed Sales', 0],
      ['N-T – Not Reportable', 0],
    ]);

    const mapping = myobMappingOf(books);
    const save = (body: object) => kit.api('PUT', kit.settings(merchant.id), admin.headers, body);
    const refused = await save({
      ...mapping,
      sales_account_code: '1-1110',
      payment_account_codes: { BANK_TRANSFER: '4-1000' },
      gst_tax_id: mapping.gst_free_tax_id,
      version,
    });
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .details.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['body.gst_tax_id', 'body.payment_account_codes.BANK_TRANSFER', 'body.sales_account_code']);
    const saved = await ok<AccountingConnection>(save({ ...mapping, version }));
    expect(saved).toMatchObject({ mapping, version: version + 1 });
  });
});

describe('customers and products linked to the company file', () => {
  it('suggests customers by ABN, email and name, links them, makes one, and links and unlinks by hand', async () => {
    const { merchant, admin, fileId } = await mappedMerchant();
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
    const customer = (fields: object) =>
      inMyob(fileId, 'customers', { IsIndividual: false, DisplayID: '*None', ...fields });
    const abnId = customer({ CompanyName: 'Alpha Holdings', SellingDetails: { ABN: abn } });
    const emailId = customer({
      CompanyName: 'B Deli',
      Addresses: [{ Location: 1, Email: 'ORDERS@beta.example' }],
    });
    const nameId = customer({ CompanyName: 'gamma grocers' });

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
    const made = [...myob().records(fileId).customers.values()].filter(
      (c) => c.CompanyName === 'Delta Diner',
    );
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      IsIndividual: false,
      Addresses: [{ Location: 1, Email: 'delta@diner.example' }],
      SellingDetails: { ABN: alone.abn },
    });

    const one = (customerId: string, method: 'PUT' | 'DELETE', body?: object) =>
      kit.api(method, `${path(merchant.id)}/customers/${customerId}`, admin.headers, body);
    expect(await ok<AccountingLinkState>(one(byName.id, 'DELETE'))).toEqual({ id: byName.id, link: null });
    expect(myob().records(fileId).customers.get(nameId)).toBeDefined();
    expect((await one(alone.id, 'PUT', { external_id: nameId })).statusCode).toBe(200);
    expect((await one(byName.id, 'PUT', { external_id: nameId })).statusCode).toBe(409);
    expect((await one(byName.id, 'PUT', { external_id: randomUUID() })).statusCode).toBe(400);
    expect(
      (await ok<AccountingLinkState>(one(byName.id, 'PUT', { external_id: made[0]!.UID }))).link,
    ).toMatchObject({
      external_id: made[0]!.UID,
      external_name: 'Delta Diner',
      linked_by: 'Ada Admin',
    });
  });

  it('suggests the item whose number is the SKU, and makes the others with price, income account and tax code', async () => {
    const { merchant, admin, fileId, mapping } = await mappedMerchant();
    const db = world.t.database.db;
    const brew = await createTestProduct(db, { merchantId: merchant.id, name: 'Cold brew', sku: 'CB-1' });
    const juice = await createTestProduct(db, {
      merchantId: merchant.id,
      name: 'Apple juice in a bottle of one litre',
      sku: 'AJ-1',
      basePriceCents: 450,
      isGstApplicable: false,
    });
    const itemId = inMyob(fileId, 'items', { Number: 'cb-1', Name: 'Cold brew 1L', IsSold: true });

    const list = await ok<ProductLinks>(kit.api('GET', `${path(merchant.id)}/products`, admin.headers));
    expect(list.items.map((row) => [row.product.id, row.suggestion])).toEqual([
      [juice.id, null],
      [brew.id, { id: itemId, code: 'cb-1', name: 'Cold brew 1L' }],
    ]);
    const change = (body: object) =>
      ok<LinksChanged>(kit.api('POST', `${path(merchant.id)}/products`, admin.headers, body));
    expect(await change({ action: 'LINK_SUGGESTED' })).toEqual({ linked: 1, created: 0 });
    expect(await change({ action: 'CREATE', product_ids: [brew.id, juice.id] })).toEqual({
      linked: 1,
      created: 1,
    });
    const made = [...myob().records(fileId).items.values()].find((item) => item.Number === 'AJ-1')!;
    expect(made).toMatchObject({
      Name: 'Apple juice in a bottle of on…',
      Description: juice.name,
      IsSold: true,
      IncomeAccount: { DisplayID: '4-1000' },
      SellingDetails: { BaseSellingPrice: 4.5, TaxCode: { UID: mapping.gst_free_tax_id } },
    });

    const one = (productId: string, method: 'PUT' | 'DELETE', body?: object) =>
      kit.api(method, `${path(merchant.id)}/products/${productId}`, admin.headers, body);
    expect((await one(brew.id, 'PUT', { external_id: made.UID })).statusCode).toBe(409);
    expect(await ok<AccountingLinkState>(one(brew.id, 'DELETE'))).toEqual({ id: brew.id, link: null });
    expect((await ok<AccountingLinkState>(one(brew.id, 'PUT', { external_id: itemId }))).link).toMatchObject({
      external_id: itemId,
      external_name: 'cb-1',
    });
  });
});

describe('disconnecting', () => {
  it('forgets the tokens (MYOB has nothing to revoke them with); a stale version is 409', async () => {
    world.newBooks();
    const { merchant, admin, version } = await kit.connectedMerchant();
    const disconnect = (body: object) =>
      kit.api('POST', `${kit.settings(merchant.id)}/disconnect`, admin.headers, body);
    const started = new Date(myob().now().getTime() - 1);
    expect((await disconnect({ version: version + 1 })).statusCode).toBe(409);
    const done = await ok<AccountingConnection>(disconnect({ version }));
    expect(done).toMatchObject({ status: 'NOT_CONNECTED', connected_by: null });
    // MYOB has no revocation endpoint: nothing was called there, the tokens are simply gone.
    expect(myob().requests.filter((request) => request.at >= started)).toEqual([]);
    await expect(createAccountingConnections(world.t.deps).accessToken(merchant.id, 'myob')).rejects.toThrow(
      /not connected/,
    );
  });
});

describe('the access token', () => {
  it('is refreshed once when 20 minutes have passed and several requests need it at once', async () => {
    world.newBooks();
    const { merchant, admin } = await kit.connectedMerchant();
    const [before] = await kit.storedTokens(merchant.id);
    const refreshes = myob().tokenRequests.refresh_token!;
    const appNow = world.t.deps.now();
    // Twenty minutes pass at MYOB and here: the access token no longer works there.
    myob().advanceClock(1_200_000 + 1_000);
    world.t.setNow(new Date(appNow.getTime() + 1_200_000 + 1_000));
    try {
      // Signed in again: Tradeport's own session is shorter than that.
      const { headers } = await signInAs(world.t.app, admin.user.email);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => kit.api('GET', `${kit.settings(merchant.id)}/books`, headers)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      // MYOB rotates refresh tokens: a second refresh with the spent one would have been refused.
      expect(myob().tokenRequests.refresh_token! - refreshes).toBe(1);
      const [after] = await kit.storedTokens(merchant.id);
      expect(after).not.toBe(before);
    } finally {
      world.t.setNow(appNow);
    }
  });
});

describe('an idle connection', () => {
  it('has its tokens refreshed before MYOB’s week-long refresh token lapses', async () => {
    world.newBooks();
    const { merchant, admin } = await kit.connectedMerchant();
    const quiet = { warn() {}, error() {} };
    const appNow = world.t.deps.now();
    const [before] = await kit.storedTokens(merchant.id);
    const STEP = 12 * 60 * 60 * 1000;
    try {
      // Eight days with nothing sent, the keep-alive job running twice a day meanwhile.
      for (let passed = STEP; passed <= 8 * 24 * 60 * 60 * 1000; passed += STEP) {
        myob().advanceClock(STEP);
        world.t.setNow(new Date(appNow.getTime() + passed));
        await keepTokensAlive(world.t.deps, quiet);
      }
      const { headers } = await signInAs(world.t.app, admin.user.email);
      const connection = await ok<AccountingConnection>(kit.api('GET', kit.settings(merchant.id), headers));
      expect(connection.status).toBe('CONNECTED');
      expect((await kit.api('GET', `${kit.settings(merchant.id)}/books`, headers)).statusCode).toBe(200);
      expect((await kit.storedTokens(merchant.id))[0]).not.toBe(before);
    } finally {
      world.t.setNow(appNow);
    }
  });
});
