import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ProviderRateLimitedError,
  ProviderRefusedError,
  ProviderUnavailableError,
} from '../../accounting-errors.ts';
import type { AccountingProviderClient, BooksDocument, BooksWrite } from '../../accounting-provider.ts';
import { createMyobProvider, MYOB_SCOPES } from '../myob-provider.ts';
import {
  answerMyobConsentPage,
  DEFAULT_MYOB_FILE,
  type MyobStandIn,
  startMyobStandIn,
} from './myob-stand-in.ts';

// The MYOB provider against the stand-in over real HTTP: consent and tokens, the company file's
// settings, contacts and items, invoices, payments and credits, "never twice" without idempotency
// keys, and MYOB's failures as accounting-errors.ts's three kinds.

const REDIRECT_URI = 'http://tradeport.test/settings/accounting/myob/callback';
let standIn: MyobStandIn;
let provider: AccountingProviderClient;

beforeEach(async () => {
  standIn = await startMyobStandIn({ callsPerSecond: 10_000 });
  provider = createMyobProvider(
    {
      clientId: standIn.env.MYOB_CLIENT_ID,
      clientSecret: standIn.env.MYOB_CLIENT_SECRET,
      apiBase: new URL(standIn.env.MYOB_API_BASE),
    },
    // As fast as this stand-in lets it: pacing to MYOB's limit is tested on its own below.
    { now: () => standIn.now(), callsPerSecond: 10_000 },
  );
});
afterEach(() => standIn.close());

async function connect() {
  const back = await answerMyobConsentPage(
    provider
      .consentUrl({ state: 'signed-state', redirectUri: REDIRECT_URI, codeChallenge: 'ignored' })
      .toString(),
  );
  const tokens = await provider.exchangeCode({
    code: back.searchParams.get('code')!,
    redirectUri: REDIRECT_URI,
    codeVerifier: 'ignored',
  });
  return { back, tokens };
}

async function connected(key = 'key-1'): Promise<BooksWrite> {
  const { tokens } = await connect();
  return { accessToken: tokens.accessToken, tenantId: DEFAULT_MYOB_FILE.id, idempotencyKey: key };
}

async function codesOf(call: BooksWrite) {
  const taxRates = await provider.listTaxRates(call);
  const gst = taxRates.find((rate) => rate.name.startsWith('GST'))!.id;
  const fre = taxRates.find((rate) => rate.name.startsWith('FRE'))!.id;
  const [contact] = await provider.createContacts(call, [
    { name: 'Corner Cafe Pty Ltd', email: 'accounts@corner.example', taxNumber: '51824753556' },
  ]);
  return { gst, fre, contactId: contact!.id };
}

const invoiceOf = (contactId: string, gst: string, fre: string, number = 'INV-000123'): BooksDocument => ({
  contactId,
  number,
  reference: 'PO-77',
  issuedOn: '2025-05-01',
  dueOn: '2025-05-31',
  amounts: 'EXCLUSIVE',
  lines: [
    {
      description: 'Flat white beans 1kg',
      quantity: 3,
      unitAmountCents: 3000,
      taxCents: 900,
      accountCode: '4-1000',
      taxId: gst,
      itemCode: 'BEAN-1',
    },
    {
      description: 'Milk 2L',
      quantity: 1,
      unitAmountCents: 450,
      taxCents: 0,
      accountCode: '4-1000',
      taxId: fre,
      itemCode: null,
    },
  ],
});

describe('consent and tokens', () => {
  it('sends the person to consent, exchanges the code, and lists the company file', async () => {
    const url = provider.consentUrl({ state: 's-1', redirectUri: REDIRECT_URI, codeChallenge: 'x' });
    expect(url.pathname).toBe('/oauth2/account/authorize');
    expect(url.searchParams.get('scope')).toBe(MYOB_SCOPES);
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.has('code_challenge')).toBe(false);

    const { back, tokens } = await connect();
    expect(back.searchParams.get('state')).toBe('signed-state');
    expect(back.searchParams.get('businessId')).toBe(DEFAULT_MYOB_FILE.id);
    expect(back.searchParams.get('businessName')).toBe(DEFAULT_MYOB_FILE.name);
    expect(tokens.expiresAt.getTime() - standIn.now().getTime()).toBeGreaterThan(1190_000);
    expect(tokens.scope).toBe(MYOB_SCOPES);

    const expected = [{ id: DEFAULT_MYOB_FILE.id, name: DEFAULT_MYOB_FILE.name }];
    expect(await provider.listTenants(tokens.accessToken, {})).toEqual(expected);
    expect(await provider.listTenants(tokens.accessToken, { realmId: DEFAULT_MYOB_FILE.id })).toEqual(
      expected,
    );
    const apiCall = standIn.requests.find((request) => request.path === '/accountright/');
    expect(apiCall?.apiKey).toBe(standIn.env.MYOB_CLIENT_ID);
  });

  it('refuses a used code as a grant no longer good', async () => {
    const back = await answerMyobConsentPage(
      provider.consentUrl({ state: 's', redirectUri: REDIRECT_URI, codeChallenge: '' }).toString(),
    );
    const exchange = () =>
      provider.exchangeCode({
        code: back.searchParams.get('code')!,
        redirectUri: REDIRECT_URI,
        codeVerifier: '',
      });
    await exchange();
    await expect(exchange()).rejects.toMatchObject({ name: 'ProviderRefusedError', isGrantInvalid: true });
  });

  it('rotates the refresh token: the new pair works, the spent one is refused', async () => {
    const { tokens } = await connect();
    const next = await provider.refresh(tokens.refreshToken);
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    expect(await provider.listTenants(next.accessToken, {})).toHaveLength(1);
    await expect(provider.refresh(tokens.refreshToken)).rejects.toMatchObject({ isGrantInvalid: true });
    expect(standIn.tokenRequests.refresh_token).toBe(2);
  });

  it('revokes by forgetting (MYOB has no revocation endpoint); an expired or withdrawn token is a grant no longer good', async () => {
    const { tokens } = await connect();
    const before = standIn.requests.length;
    await provider.revoke(tokens.refreshToken);
    expect(standIn.requests.length).toBe(before);

    standIn.advanceClock(21 * 60_000);
    await expect(provider.listTenants(tokens.accessToken, {})).rejects.toMatchObject({
      name: 'ProviderRefusedError',
      status: 401,
      isGrantInvalid: true,
      message: expect.stringContaining('OAuth token'),
    });
    const fresh = await provider.refresh(tokens.refreshToken);
    standIn.revokeAll();
    await expect(provider.listTenants(fresh.accessToken, {})).rejects.toMatchObject({ isGrantInvalid: true });
  });
});

describe('the company file’s settings', () => {
  it('lists active posting accounts by DisplayID with their uses, and the sales tax codes', async () => {
    const call = await connected();
    const accounts = await provider.listAccounts(call);
    expect(accounts).toEqual(
      expect.arrayContaining([
        { code: '4-1000', name: 'Sales income', use: 'REVENUE' },
        { code: '4-2000', name: 'Other income', use: 'REVENUE' },
        { code: '1-1110', name: 'Business Bank Account', use: 'PAYMENTS' },
        { code: '1-1120', name: 'Card clearing', use: 'PAYMENTS' },
        { code: '2-1310', name: 'GST Collected', use: 'OTHER' },
      ]),
    );
    expect(accounts.map((account) => account.code)).not.toContain('4-0000');
    expect(accounts.map((account) => account.code)).not.toContain('4-3000');

    const rates = await provider.listTaxRates(call);
    expect(rates.map(({ name, ratePercent }) => ({ name, ratePercent }))).toEqual([
      { name: 'GST – Goods & Services Tax', ratePercent: 10 },
      { name: 'FRE – GST Free', ratePercent: 0 },
      { name: 'ITS – Input Taxed Sales', ratePercent: 0 },
      { name: 'N-T – Not Reportable', ratePercent: 0 },
    ]);
    expect(rates[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('contacts and items', () => {
  it('creates customers (a retry finds them) and lists them in pages', async () => {
    const call = await connected();
    const made = await provider.createContacts(call, [
      { name: 'Corner Cafe Pty Ltd', email: 'accounts@corner.example', taxNumber: '51824753556' },
      { name: 'Dockside Deli', email: null, taxNumber: null },
    ]);
    expect(made).toEqual([
      {
        id: expect.any(String),
        name: 'Corner Cafe Pty Ltd',
        email: 'accounts@corner.example',
        taxNumber: '51824753556',
      },
      { id: expect.any(String), name: 'Dockside Deli', email: null, taxNumber: null },
    ]);
    const customer = standIn.records().customers.get(made[0]!.id)!;
    expect(customer).toMatchObject({
      CompanyName: 'Corner Cafe Pty Ltd',
      IsIndividual: false,
      Addresses: [{ Location: 1, Email: 'accounts@corner.example' }],
      SellingDetails: { ABN: '51824753556' },
    });
    const again = await provider.createContacts(call, [
      { name: 'Corner Cafe Pty Ltd', email: 'accounts@corner.example', taxNumber: '51824753556' },
    ]);
    expect(again[0]).toEqual(made[0]);
    expect(standIn.records().customers.size).toBe(2);

    for (let index = 0; index < 400; index += 1) {
      standIn.records().customers.set(`c-${index}`, {
        UID: `c-${index}`,
        CompanyName: `Customer ${index}`,
        IsIndividual: false,
        IsActive: true,
      });
    }
    const first = await provider.listContacts(call, { page: 1 });
    expect(first.records).toHaveLength(400);
    expect(first.hasMore).toBe(true);
    const second = await provider.listContacts(call, { page: 2 });
    expect(second).toEqual({
      records: [expect.objectContaining({ name: 'Customer 398' }), expect.anything()],
      hasMore: false,
    });
    expect(standIn.requests.some((request) => request.query.includes('%24skip=400'))).toBe(true);
  });

  it('creates items with their income account and tax code, once', async () => {
    const call = await connected();
    const gst = (await provider.listTaxRates(call))[0]!.id;
    const item = {
      code: 'BEAN-1',
      name: 'Flat white beans 1kg',
      unitPriceCents: 3000,
      salesAccountCode: '4-1000',
      salesTaxId: gst,
    };
    const [made] = await provider.createItems(call, [item]);
    expect(made).toEqual({ id: expect.any(String), code: 'BEAN-1', name: 'Flat white beans 1kg' });
    expect(standIn.records().items.get(made!.id)).toMatchObject({
      Number: 'BEAN-1',
      IsSold: true,
      IncomeAccount: { DisplayID: '4-1000' },
      SellingDetails: { BaseSellingPrice: 30, TaxCode: { UID: gst } },
    });
    expect(await provider.createItems(call, [item])).toEqual([made]);
    expect((await provider.listItems(call, { page: 1 })).records).toEqual([made]);
  });

  it('refuses an unknown account code with our words', async () => {
    const call = await connected();
    await expect(
      provider.createItems(call, [
        { code: 'X', name: 'X', unitPriceCents: null, salesAccountCode: '4-9999', salesTaxId: null },
      ]),
    ).rejects.toMatchObject({ name: 'ProviderRefusedError', message: expect.stringContaining('4-9999') });
  });
});

describe('invoices, payments and credits', () => {
  it('creates an invoice, updates it, and voids it by deleting it', async () => {
    const call = await connected();
    const { gst, fre, contactId } = await codesOf(call);
    const created = await provider.createInvoice(call, invoiceOf(contactId, gst, fre));
    // 3 × $30 + 10 % GST, and $4.50 GST-free.
    expect(created).toEqual({ id: expect.any(String), totalCents: 9000 + 900 + 450 });
    const sale = standIn.records().invoices.get(created.id)!;
    expect(sale).toMatchObject({
      Number: 'INV-000123',
      Date: '2025-05-01T00:00:00',
      CustomerPurchaseOrderNumber: 'PO-77',
      IsTaxInclusive: false,
      Terms: { PaymentIsDue: 'InAGivenNumberOfDays', BalanceDueDate: 30 },
      Lines: [
        expect.objectContaining({
          Description: '3 × Flat white beans 1kg',
          Total: 90,
          Account: expect.objectContaining({ DisplayID: '4-1000' }),
        }),
        expect.objectContaining({ Description: 'Milk 2L', Total: 4.5 }),
      ],
    });

    const changed = { ...invoiceOf(contactId, gst, fre), amounts: 'INCLUSIVE' as const };
    const updated = await provider.updateInvoice(call, created.id, changed);
    expect(updated).toEqual({ id: created.id, totalCents: 9450 });

    await provider.voidInvoice(call, created.id);
    expect(standIn.records().invoices.has(created.id)).toBe(false);
    // A retried void finds it gone, which is what it wanted.
    await provider.voidInvoice(call, created.id);
  });

  it('a retried create (same number, same key) answers the first instead of making two', async () => {
    const call = await connected();
    const { gst, fre, contactId } = await codesOf(call);
    const first = await provider.createInvoice(call, invoiceOf(contactId, gst, fre));
    const again = await provider.createInvoice(call, invoiceOf(contactId, gst, fre));
    expect(again).toEqual(first);
    expect(standIn.records().invoices.size).toBe(1);

    const payment = {
      invoiceId: first.id,
      accountCode: '1-1110',
      amountCents: 5000,
      paidOn: '2025-05-02',
      reference: 'Card 1234',
    };
    const paid = await provider.createPayment({ ...call, idempotencyKey: 'pay-1' }, payment);
    expect(await provider.createPayment({ ...call, idempotencyKey: 'pay-1' }, payment)).toEqual(paid);
    expect(standIn.records().payments.size).toBe(1);
    // Another key is another payment.
    await provider.createPayment({ ...call, idempotencyKey: 'pay-2' }, payment);
    expect(standIn.records().payments.size).toBe(2);
  });

  it('takes a payment against an invoice and deletes it again', async () => {
    const call = await connected();
    const { gst, fre, contactId } = await codesOf(call);
    const invoice = await provider.createInvoice(call, invoiceOf(contactId, gst, fre));
    const { id } = await provider.createPayment(call, {
      invoiceId: invoice.id,
      accountCode: '1-1120',
      amountCents: invoice.totalCents,
      paidOn: '2025-05-03',
      reference: 'Stripe ch_1',
    });
    expect(standIn.records().payments.get(id)).toMatchObject({
      Account: { DisplayID: '1-1120' },
      Customer: { UID: contactId },
      AmountReceived: 103.5,
      Memo: 'Payment Stripe ch_1 [key-1]',
      Invoices: [{ UID: invoice.id, AmountApplied: 103.5, Type: 'Invoice' }],
    });
    expect(standIn.records().invoices.get(invoice.id)).toMatchObject({
      BalanceDueAmount: 0,
      Status: 'Closed',
    });
    // A paid invoice cannot be deleted: MYOB's words come through.
    await expect(provider.voidInvoice(call, invoice.id)).rejects.toMatchObject({
      name: 'ProviderRefusedError',
      status: 400,
      message: expect.stringContaining('cannot be deleted'),
    });
    await provider.deletePayment(call, id);
    expect(standIn.records().payments.size).toBe(0);
    expect(standIn.records().invoices.get(invoice.id)).toMatchObject({
      BalanceDueAmount: 103.5,
      Status: 'Open',
    });
  });

  it('creates a credit (negative sale), applies it to an invoice once, and voids another', async () => {
    const call = await connected();
    const { gst, fre, contactId } = await codesOf(call);
    const invoice = await provider.createInvoice(call, invoiceOf(contactId, gst, fre));
    const note = {
      ...invoiceOf(contactId, gst, fre, 'CR-000007'),
      lines: [invoiceOf(contactId, gst, fre).lines[0]!],
    };
    const credit = await provider.createCreditNote(call, note);
    expect(credit).toEqual({ id: expect.any(String), totalCents: 9900 });
    expect(standIn.records().invoices.get(credit.id)).toMatchObject({ TotalAmount: -99, Status: 'Credit' });

    const allocation = {
      creditNoteId: credit.id,
      invoiceId: invoice.id,
      amountCents: 4000,
      on: '2025-05-04',
    };
    await provider.allocateCreditNote({ ...call, idempotencyKey: 'alloc-1' }, allocation);
    await provider.allocateCreditNote({ ...call, idempotencyKey: 'alloc-1' }, allocation);
    expect(standIn.records().settlements.size).toBe(1);
    expect(standIn.records().invoices.get(invoice.id)!.BalanceDueAmount).toBe(63.5);
    expect(standIn.records().invoices.get(credit.id)!.BalanceDueAmount).toBe(-59);

    const other = await provider.createCreditNote(call, { ...note, number: 'CR-000008' });
    await provider.voidCreditNote(call, other.id);
    expect(standIn.records().invoices.has(other.id)).toBe(false);
  });
});

describe('MYOB’s failures', () => {
  it('401 is a grant no longer good', async () => {
    const call = await connected();
    standIn.revokeAll();
    const failure = await provider.listAccounts(call).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderRefusedError);
    expect(failure).toMatchObject({ status: 401, isGrantInvalid: true });
  });

  it('429, and 403 RateLimitError, are rate limits', async () => {
    const call = await connected();
    standIn.failNext(1, { status: 429, retryAfter: 7 });
    const limited = await provider.listAccounts(call).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(ProviderRateLimitedError);
    expect(limited).toMatchObject({ retryAfterSeconds: 7 });
    standIn.failNext(1, { status: 403 });
    await expect(provider.listAccounts(call)).rejects.toMatchObject({
      name: 'ProviderRateLimitedError',
      retryAfterSeconds: 1,
    });
  });

  it('the per-second limit on the API key is a rate limit too', async () => {
    await standIn.close();
    standIn = await startMyobStandIn({ callsPerSecond: 2 });
    provider = createMyobProvider(
      {
        clientId: standIn.env.MYOB_CLIENT_ID,
        clientSecret: standIn.env.MYOB_CLIENT_SECRET,
        apiBase: new URL(standIn.url),
      },
      { now: () => standIn.now() },
    );
    const call = await connected();
    const results = await Promise.allSettled([1, 2, 3].map(() => provider.listTaxRates(call)));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([
      { status: 'rejected', reason: expect.any(ProviderRateLimitedError) },
    ]);
  });

  it('paces its calls to MYOB’s 8 a second on the API key: a burst waits its turn instead of being refused', async () => {
    await standIn.close();
    standIn = await startMyobStandIn();
    provider = createMyobProvider(
      {
        clientId: standIn.env.MYOB_CLIENT_ID,
        clientSecret: standIn.env.MYOB_CLIENT_SECRET,
        apiBase: new URL(standIn.url),
      },
      { now: () => standIn.now() },
    );
    const call = await connected();
    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => provider.listTaxRates(call)));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    // Twelve calls on a key that takes eight a second: the last four went a second later.
    expect(performance.now() - started).toBeGreaterThan(1_000);
  });

  it('503 and 504 are outages; a 400 is a refusal with MYOB’s words', async () => {
    const call = await connected();
    standIn.failNext(1, { status: 503 });
    await expect(provider.listAccounts(call)).rejects.toBeInstanceOf(ProviderUnavailableError);
    standIn.failNext(1, { status: 504 });
    await expect(provider.listAccounts(call)).rejects.toBeInstanceOf(ProviderUnavailableError);
    const { gst, fre, contactId } = await codesOf(call);
    await expect(
      provider.createInvoice(call, invoiceOf(contactId, gst, fre, 'INV-2025-000123')),
    ).rejects.toMatchObject({
      name: 'ProviderRefusedError',
      status: 400,
      isGrantInvalid: false,
      message: 'Number must be 13 characters or less: Number: INV-2025-000123',
    });
  });
});
