import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ProviderRateLimitedError,
  ProviderRefusedError,
  ProviderUnavailableError,
} from '../../accounting-errors.ts';
import type { AccountingProviderClient, BooksDocument, BooksWrite } from '../../accounting-provider.ts';
import { createQuickBooksProvider } from '../quickbooks-provider.ts';
import {
  answerQuickBooksConsentPage,
  DEFAULT_QUICKBOOKS_COMPANY,
  type QuickBooksStandIn,
  startQuickBooksStandIn,
} from './quickbooks-stand-in.ts';

// The QuickBooks provider against the stand-in over real HTTP: consent, tokens and the company,
// the settings' accounts and tax codes, customers and items, invoices, payments and credit memos,
// requestid replays, and the three kinds of failure.

const REDIRECT_URI = 'http://tradeport.test/quickbooks/settings';
const REALM = DEFAULT_QUICKBOOKS_COMPANY.realmId;
const [SALES, OTHER_INCOME, BANK, CARD_CLEARING] = ['1', '2', '3', '4'];
const [GST, FRE] = ['10', '4'];

let standIn: QuickBooksStandIn;
let provider: AccountingProviderClient;
beforeEach(async () => {
  standIn = await startQuickBooksStandIn();
  provider = createQuickBooksProvider(
    {
      clientId: standIn.env.QUICKBOOKS_CLIENT_ID,
      clientSecret: standIn.env.QUICKBOOKS_CLIENT_SECRET,
      apiBase: new URL(standIn.url),
    },
    { now: () => new Date(), pageSize: 2 },
  );
});
afterEach(() => standIn.close());

async function connect() {
  const url = provider.consentUrl({
    state: 'signed-state',
    redirectUri: REDIRECT_URI,
    codeChallenge: 'ignored',
  });
  const back = await answerQuickBooksConsentPage(url.toString());
  const tokens = await provider.exchangeCode({
    code: back.searchParams.get('code')!,
    redirectUri: REDIRECT_URI,
    codeVerifier: 'ignored',
  });
  return { back, tokens };
}

let keys = 0;
async function write(): Promise<BooksWrite> {
  const { tokens } = await connect();
  return { accessToken: tokens.accessToken, tenantId: REALM, idempotencyKey: `key-${(keys += 1)}` };
}
const next = (call: BooksWrite): BooksWrite => ({ ...call, idempotencyKey: `key-${(keys += 1)}` });

async function customer(call: BooksWrite, name = 'Bondi Grocers') {
  const [made] = await provider.createContacts(next(call), [
    { name, email: 'orders@bondi.example', taxNumber: '51824753556' },
  ]);
  return made!.id;
}

const invoiceOf = (contactId: string, overrides: Partial<BooksDocument> = {}): BooksDocument => ({
  contactId,
  number: 'INV-0001',
  reference: 'PO 77',
  issuedOn: '2026-03-02',
  dueOn: '2026-04-01',
  amounts: 'EXCLUSIVE',
  lines: [
    {
      description: 'Olive oil 4 L',
      quantity: 3,
      unitAmountCents: 2550,
      taxCents: 765,
      accountCode: SALES,
      taxId: GST,
      itemCode: null,
    },
    {
      description: 'Freight',
      quantity: 1,
      unitAmountCents: 1500,
      taxCents: 0,
      accountCode: OTHER_INCOME,
      taxId: FRE,
      itemCode: null,
    },
  ],
  ...overrides,
});

describe('consent, tokens and the company', () => {
  it('sends the person to consent, exchanges the code and lists the company the redirect names', async () => {
    const url = provider.consentUrl({ state: 's-1', redirectUri: REDIRECT_URI, codeChallenge: 'c' });
    expect(url.pathname).toBe('/connect/oauth2');
    expect(url.searchParams.get('scope')).toBe('com.intuit.quickbooks.accounting');
    const { back, tokens } = await connect();
    expect(back.searchParams.get('state')).toBe('signed-state');
    expect(back.searchParams.get('realmId')).toBe(REALM);
    expect(tokens.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(await provider.listTenants(tokens.accessToken, { realmId: REALM })).toEqual([
      { id: REALM, name: 'Harbourside Wholesale Pty Ltd' },
    ]);
    expect(await provider.listTenants(tokens.accessToken, {})).toEqual([]);
  });

  it('refreshes with a new refresh token each time; the old one is spent', async () => {
    const { tokens } = await connect();
    const refreshed = await provider.refresh(tokens.refreshToken);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    await expect(provider.refresh(tokens.refreshToken)).rejects.toMatchObject({ isGrantInvalid: true });
    expect(await provider.listTenants(refreshed.accessToken, { realmId: REALM })).toHaveLength(1);
  });

  it('revokes the grant: its tokens stop working, and a 401 is a grant no longer good', async () => {
    const { tokens } = await connect();
    await provider.revoke(tokens.refreshToken);
    const error = await provider
      .listAccounts({ accessToken: tokens.accessToken, tenantId: REALM })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRefusedError);
    expect(error).toMatchObject({ status: 401, isGrantInvalid: true });
    await expect(provider.refresh(tokens.refreshToken)).rejects.toMatchObject({ isGrantInvalid: true });
  });
});

describe('settings', () => {
  it('lists active accounts by Id, income for revenue and bank for payments', async () => {
    const call = await write();
    const accounts = await provider.listAccounts(call);
    expect(accounts).toEqual(
      expect.arrayContaining([
        { code: SALES, name: '4-1000 Sales', use: 'REVENUE' },
        { code: OTHER_INCOME, name: '4-2000 Other Income', use: 'REVENUE' },
        { code: BANK, name: '1-1110 Business Bank Account', use: 'PAYMENTS' },
        { code: CARD_CLEARING, name: '1-1180 Card Clearing', use: 'PAYMENTS' },
        { code: '5', name: 'Undeposited Funds', use: 'PAYMENTS' },
        { code: '6', name: '5-1000 Cost of Sales', use: 'OTHER' },
      ]),
    );
    expect(accounts.map((account) => account.code)).not.toContain('7');
  });

  it('lists the tax codes sales can take with their rates', async () => {
    const rates = await provider.listTaxRates(await write());
    expect(rates).toEqual([
      { id: GST, name: 'GST', ratePercent: 10 },
      { id: FRE, name: 'FRE (GST free)', ratePercent: 0 },
    ]);
  });
});

describe('customers and items', () => {
  it('creates customers and lists them in pages', async () => {
    const call = await write();
    const made = await provider.createContacts(call, [
      { name: 'Coogee Deli', email: null, taxNumber: null },
      { name: 'Bondi Grocers', email: 'orders@bondi.example', taxNumber: '51824753556' },
      { name: 'Avalon Pantry', email: null, taxNumber: null },
    ]);
    expect(made[1]).toEqual({
      id: expect.any(String),
      name: 'Bondi Grocers',
      email: 'orders@bondi.example',
      taxNumber: '51824753556',
    });
    const first = await provider.listContacts(call, { page: 1 });
    expect(first).toEqual({
      records: [
        expect.objectContaining({ name: 'Avalon Pantry' }),
        expect.objectContaining({ name: 'Bondi Grocers' }),
      ],
      hasMore: true,
    });
    const second = await provider.listContacts(call, { page: 2 });
    expect(second).toEqual({ records: [expect.objectContaining({ name: 'Coogee Deli' })], hasMore: false });
    const duplicate = await provider
      .createContacts(next(call), [{ name: 'Coogee Deli', email: null, taxNumber: null }])
      .catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(ProviderRefusedError);
    expect((duplicate as Error).message).toContain('The name supplied already exists');
  });

  it('creates items with our SKU, price, income account and tax code', async () => {
    const call = await write();
    const made = await provider.createItems(call, [
      {
        code: 'OIL-4L',
        name: 'Olive oil: 4 L',
        unitPriceCents: 2550,
        salesAccountCode: SALES,
        salesTaxId: GST,
      },
      { code: 'BAG', name: 'Tote bag', unitPriceCents: null, salesAccountCode: null, salesTaxId: null },
    ]);
    expect(made).toEqual([
      { id: expect.any(String), code: 'OIL-4L', name: 'Olive oil 4 L' },
      { id: expect.any(String), code: 'BAG', name: 'Tote bag' },
    ]);
    const oil = standIn.items().get(made[0]!.id)!;
    expect(oil).toMatchObject({
      Sku: 'OIL-4L',
      Type: 'NonInventory',
      UnitPrice: 25.5,
      IncomeAccountRef: { value: SALES },
      SalesTaxCodeRef: { value: GST },
    });
    expect(standIn.items().get(made[1]!.id)).toMatchObject({ IncomeAccountRef: { value: SALES } });
    const page = await provider.listItems(call, { page: 1 });
    expect(page.records.map((item) => item.code)).toEqual(['OIL-4L', 'BAG']);
  });
});

describe('invoices', () => {
  it('creates an invoice with a service item per income account and answers its total', async () => {
    const call = await write();
    const contactId = await customer(call);
    const record = await provider.createInvoice(next(call), invoiceOf(contactId));
    expect(record).toEqual({ id: expect.any(String), totalCents: 7650 + 765 + 1500 });
    const invoice = standIn.invoices().get(record.id)!;
    expect(invoice).toMatchObject({
      DocNumber: 'INV-0001',
      TxnDate: '2026-03-02',
      DueDate: '2026-04-01',
      GlobalTaxCalculation: 'TaxExcluded',
      TxnTaxDetail: { TotalTax: 7.65 },
    });
    const names = [...standIn.items().values()].map((item) => item.Name);
    expect(names.sort()).toEqual(['Tradeport sales (Other Income)', 'Tradeport sales (Sales)']);
    // The next invoice finds them instead of making more.
    await provider.createInvoice(next(call), invoiceOf(contactId, { number: 'INV-0002' }));
    expect(standIn.items().size).toBe(2);
  });

  it('names a linked item by its SKU, and sends GST-inclusive lines with TaxInclusiveAmt', async () => {
    const call = await write();
    const contactId = await customer(call);
    const [oil] = await provider.createItems(next(call), [
      { code: 'OIL-4L', name: 'Olive oil', unitPriceCents: 2550, salesAccountCode: SALES, salesTaxId: GST },
    ]);
    const record = await provider.createInvoice(
      next(call),
      invoiceOf(contactId, {
        amounts: 'INCLUSIVE',
        lines: [
          {
            description: 'Olive oil 4 L',
            quantity: 2,
            unitAmountCents: 2805,
            taxCents: 510,
            accountCode: SALES,
            taxId: GST,
            itemCode: 'OIL-4L',
          },
        ],
      }),
    );
    expect(record.totalCents).toBe(5610);
    const [line] = standIn.invoices().get(record.id)!.Line as {
      Amount: number;
      SalesItemLineDetail: Record<string, unknown>;
    }[];
    expect(line).toMatchObject({
      Amount: 51,
      SalesItemLineDetail: { ItemRef: { value: oil!.id }, Qty: 2, UnitPrice: 25.5, TaxInclusiveAmt: 56.1 },
    });
  });

  it('updates an invoice at its SyncToken, then voids it', async () => {
    const call = await write();
    const contactId = await customer(call);
    const { id } = await provider.createInvoice(next(call), invoiceOf(contactId));
    const updated = await provider.updateInvoice(
      next(call),
      id,
      invoiceOf(contactId, { lines: invoiceOf(contactId).lines.slice(0, 1) }),
    );
    expect(updated).toEqual({ id, totalCents: 8415 });
    expect(standIn.invoices().get(id)).toMatchObject({ SyncToken: '1', TotalAmt: 84.15 });
    await provider.voidInvoice(next(call), id);
    expect(standIn.invoices().get(id)).toMatchObject({ SyncToken: '2', TotalAmt: 0, PrivateNote: 'Voided' });
    const path = standIn.requests.find((request) => request.query.get('operation') === 'void');
    expect(path?.path).toBe(`/v3/company/${REALM}/invoice`);
  });

  it('makes one invoice when a create is retried with the same idempotency key', async () => {
    const call = await write();
    const contactId = await customer(call);
    const retry = next(call);
    const first = await provider.createInvoice(retry, invoiceOf(contactId));
    const second = await provider.createInvoice(retry, invoiceOf(contactId));
    expect(second).toEqual(first);
    expect(standIn.invoices().size).toBe(1);
    const posts = standIn.requests.filter(
      (request) => request.method === 'POST' && request.path.endsWith('/invoice'),
    );
    expect(posts.map((request) => request.query.get('requestid'))).toEqual([
      expect.any(String),
      posts[0]!.query.get('requestid'),
    ]);
  });
});

describe('payments and credit memos', () => {
  it('records a payment into the mapped account, and deletes it', async () => {
    const call = await write();
    const contactId = await customer(call);
    const invoice = await provider.createInvoice(next(call), invoiceOf(contactId));
    const payment = await provider.createPayment(next(call), {
      invoiceId: invoice.id,
      accountCode: BANK,
      amountCents: 5000,
      paidOn: '2026-03-10',
      reference: 'Card 4242 charge ch_1',
    });
    expect(standIn.payments().get(payment.id)).toMatchObject({
      TotalAmt: 50,
      DepositToAccountRef: { value: BANK },
      CustomerRef: { value: contactId },
    });
    expect(standIn.invoices().get(invoice.id)).toMatchObject({ Balance: 49.15 });
    await provider.deletePayment(next(call), payment.id);
    expect(standIn.invoices().get(invoice.id)).toMatchObject({ Balance: 99.15 });
    expect(standIn.payments().get(payment.id)).toMatchObject({ status: 'Deleted' });
  });

  it('creates a credit memo, applies part of it to an invoice, and voids another', async () => {
    const call = await write();
    const contactId = await customer(call);
    const invoice = await provider.createInvoice(next(call), invoiceOf(contactId));
    const note = await provider.createCreditNote(
      next(call),
      invoiceOf(contactId, { number: 'CN-0001', lines: invoiceOf(contactId).lines.slice(1) }),
    );
    expect(note.totalCents).toBe(1500);
    await provider.allocateCreditNote(next(call), {
      creditNoteId: note.id,
      invoiceId: invoice.id,
      amountCents: 1000,
      on: '2026-03-05',
    });
    expect(standIn.creditMemos().get(note.id)).toMatchObject({ RemainingCredit: 5 });
    expect(standIn.invoices().get(invoice.id)).toMatchObject({ Balance: 89.15 });
    const allocation = [...standIn.payments().values()][0]!;
    expect(allocation).toMatchObject({
      TotalAmt: 0,
      Line: [{ LinkedTxn: [{ TxnType: 'Invoice' }] }, { LinkedTxn: [{ TxnType: 'CreditMemo' }] }],
    });

    // Applied: QuickBooks refuses to void it, in its own words.
    await expect(provider.voidCreditNote(next(call), note.id)).rejects.toThrow(/has been applied/);
    const other = await provider.createCreditNote(
      next(call),
      invoiceOf(contactId, { number: 'CN-0002', lines: invoiceOf(contactId).lines.slice(1) }),
    );
    await provider.voidCreditNote(next(call), other.id);
    expect(standIn.creditMemos().get(other.id)).toMatchObject({ TotalAmt: 0, PrivateNote: 'Voided' });
  });
});

describe('failures', () => {
  it('turns a 429 into a rate limit with its Retry-After', async () => {
    const call = await write();
    standIn.failNext(1, { status: 429, retryAfter: 17 });
    const error = await provider.listAccounts(call).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRateLimitedError);
    expect(error).toMatchObject({ retryAfterSeconds: 17 });
  });

  it('turns a 503 into an outage', async () => {
    const call = await write();
    standIn.failNext(1, { status: 503 });
    await expect(provider.listTaxRates(call)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('refuses with Intuit Fault detail, not as a grant problem', async () => {
    const call = await write();
    const error = await provider.createInvoice(call, invoiceOf('999')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRefusedError);
    expect(error).toMatchObject({ status: 400, isGrantInvalid: false });
    expect((error as Error).message).toContain('Object Not Found');
  });

  it('answers a withdrawn consent with a grant no longer good', async () => {
    const call = await write();
    standIn.revokeAll();
    await expect(provider.listContacts(call, { page: 1 })).rejects.toMatchObject({
      status: 401,
      isGrantInvalid: true,
    });
  });
});
