import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectToStandIn, tokenCall, xeroCall } from './stand-in-test-client.ts';
import { startXeroStandIn, type XeroStandIn } from './xero-stand-in.ts';

// The Xero stand-in's Accounting API over real HTTP: the seeded chart and tax rates, contacts and
// items with Xero's uniqueness rules, invoices' totals worked out as Xero does, payments and credit
// notes moving what is due, Idempotency-Key replays, and Xero's validation errors.

let standIn: XeroStandIn;
let accessToken: string;
let refreshToken: string;
let call: (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => ReturnType<typeof xeroCall>;

beforeEach(async () => {
  standIn = await startXeroStandIn({ callsPerMinute: 1000 });
  const { tokens, tenantId } = await connectToStandIn(standIn);
  [accessToken, refreshToken] = [tokens.access_token, tokens.refresh_token];
  call = (method, path, body, headers) =>
    xeroCall(standIn, accessToken, method, `/api.xro/2.0${path}`, { tenantId, body, headers });
});
afterEach(() => standIn.close());

async function contact(name = 'Bondi Grocers Pty Ltd') {
  const answer = await call('POST', '/Contacts', {
    Contacts: [{ Name: name, EmailAddress: 'accounts@bondi.example', TaxNumber: '51 824 753 556' }],
  });
  expect(answer.status).toBe(200);
  return answer.body.Contacts[0] as { ContactID: string; Name: string };
}

/** 2 × $10.00 ex GST at 10%, and $5.00 GST-free freight. */
const orderInvoice = (contactId: string, overrides: Record<string, unknown> = {}) => ({
  Type: 'ACCREC',
  Contact: { ContactID: contactId },
  LineAmountTypes: 'Exclusive',
  Date: '2025-05-14',
  DueDate: '2025-06-13',
  Reference: 'Order 1042',
  Status: 'AUTHORISED',
  CurrencyCode: 'AUD',
  LineItems: [
    { Description: 'Sourdough loaf', Quantity: 2, UnitAmount: 10, AccountCode: '200', TaxType: 'OUTPUT' },
    { Description: 'Freight', Quantity: 1, UnitAmount: 5, AccountCode: '260', TaxType: 'EXEMPTOUTPUT' },
  ],
  ...overrides,
});

async function invoice(contactId: string, overrides: Record<string, unknown> = {}) {
  const answer = await call('PUT', '/Invoices', { Invoices: [orderInvoice(contactId, overrides)] });
  expect(answer.status).toBe(200);
  return answer.body.Invoices[0];
}

describe('the seeded organisation', () => {
  it('has the chart of accounts and the Australian tax rates', async () => {
    const accounts = (await call('GET', '/Accounts')).body.Accounts;
    expect(accounts.map((a: { Code: string; Type: string }) => [a.Code, a.Type])).toEqual([
      ['200', 'REVENUE'],
      ['260', 'REVENUE'],
      ['090', 'BANK'],
      ['091', 'BANK'],
      ['610', 'CURRENT'],
    ]);
    expect(accounts[2]).toMatchObject({
      Name: 'Business Bank Account',
      EnablePaymentsToAccount: true,
      Status: 'ACTIVE',
    });
    const rates = (await call('GET', '/TaxRates')).body.TaxRates;
    expect(
      rates.map((r: { TaxType: string; EffectiveRate: number }) => [r.TaxType, r.EffectiveRate]),
    ).toEqual([
      ['OUTPUT', 10],
      ['EXEMPTOUTPUT', 0],
      ['BASEXCLUDED', 0],
      ['INPUT', 10],
    ]);
    expect(rates[0]).toMatchObject({ Name: 'GST on Income', Status: 'ACTIVE', CanApplyToRevenue: true });
  });
});

describe('contacts and items', () => {
  it('creates a contact, finds it by id, where and searchTerm, and refuses a second with its name', async () => {
    const created = await contact();
    expect((await call('GET', `/Contacts/${created.ContactID}`)).body.Contacts[0]).toMatchObject({
      Name: 'Bondi Grocers Pty Ltd',
      EmailAddress: 'accounts@bondi.example',
      TaxNumber: '51 824 753 556',
      ContactStatus: 'ACTIVE',
    });
    const where = await call('GET', `/Contacts?where=${encodeURIComponent('Name=="Bondi Grocers Pty Ltd"')}`);
    expect(where.body.Contacts).toHaveLength(1);
    expect((await call('GET', '/Contacts?searchTerm=bondi')).body.Contacts).toHaveLength(1);
    expect((await call('GET', '/Contacts?where=Name%3D%3D%22bondi%22')).body.Contacts).toHaveLength(0);

    const duplicate = await call('PUT', '/Contacts', { Contacts: [{ Name: 'bondi grocers pty ltd' }] });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toEqual({
      ErrorNumber: 10,
      Type: 'ValidationException',
      Message: 'A validation exception occurred',
      Elements: [
        {
          Name: 'bondi grocers pty ltd',
          ValidationErrors: [
            {
              Message:
                'The contact name bondi grocers pty ltd is already assigned to another contact. The contact name must be unique across all active contacts.',
            },
          ],
        },
      ],
    });
    expect(standIn.contacts().size).toBe(1);
  });

  it('pages contacts 100 at a time', async () => {
    await call('PUT', '/Contacts', {
      Contacts: Array.from({ length: 101 }, (_, i) => ({ Name: `Buyer ${i}` })),
    });
    expect((await call('GET', '/Contacts?page=1')).body.Contacts).toHaveLength(100);
    expect((await call('GET', '/Contacts?page=2')).body.Contacts).toHaveLength(1);
  });

  it('creates an item and refuses a second with its code', async () => {
    const item = {
      Code: 'SD-800',
      Name: 'Sourdough 800g',
      SalesDetails: { UnitPrice: 10, AccountCode: '200', TaxType: 'OUTPUT' },
    };
    const created = await call('PUT', '/Items', { Items: [item] });
    expect((await call('GET', `/Items/${created.body.Items[0].ItemID}`)).body.Items[0]).toMatchObject(item);
    const duplicate = await call('POST', '/Items', { Items: [{ ...item, Name: 'Other' }] });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.Elements[0].ValidationErrors).toEqual([
      { Message: "Item code 'SD-800' already exists" },
    ]);
  });
});

describe('invoices, payments and credit notes', () => {
  it('works out the totals per line, half up, and numbers the invoice', async () => {
    const { ContactID } = await contact();
    const created = await invoice(ContactID);
    expect(created).toMatchObject({
      Type: 'ACCREC',
      InvoiceNumber: 'INV-0001',
      Status: 'AUTHORISED',
      Contact: { ContactID, Name: 'Bondi Grocers Pty Ltd' },
      SubTotal: 25,
      TotalTax: 2,
      Total: 27,
      AmountDue: 27,
      AmountPaid: 0,
      DateString: '2025-05-14T00:00:00',
      DueDateString: '2025-06-13T00:00:00',
    });
    expect(
      created.LineItems.map((l: { LineAmount: number; TaxAmount: number }) => [l.LineAmount, l.TaxAmount]),
    ).toEqual([
      [20, 2],
      [5, 0],
    ]);
    expect((await call('GET', `/Invoices/${created.InvoiceID}`)).body.Invoices[0].Total).toBe(27);

    const inclusive = await invoice(ContactID, {
      LineAmountTypes: 'Inclusive',
      LineItems: [
        { Description: 'Hamper', Quantity: 1, UnitAmount: 22, AccountCode: '200', TaxType: 'OUTPUT' },
      ],
    });
    expect(inclusive).toMatchObject({ InvoiceNumber: 'INV-0002', SubTotal: 20, TotalTax: 2, Total: 22 });
    const halfUp = await invoice(ContactID, {
      LineItems: [
        { Description: 'Sample', Quantity: 1, UnitAmount: 0.05, AccountCode: '200', TaxType: 'OUTPUT' },
      ],
    });
    expect(halfUp).toMatchObject({ SubTotal: 0.05, TotalTax: 0.01, Total: 0.06 });
  });

  it('refuses unknown accounts, tax types and contacts in Xero shape, saving nothing', async () => {
    const { ContactID } = await contact();
    const wrong = await call('PUT', '/Invoices', {
      Invoices: [
        orderInvoice(ContactID, {
          LineItems: [{ Description: 'x', Quantity: 1, UnitAmount: 1, AccountCode: '999', TaxType: 'GST' }],
        }),
        orderInvoice('00000000-0000-4000-8000-000000000000'),
      ],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ ErrorNumber: 10, Type: 'ValidationException' });
    expect(
      wrong.body.Elements.map((e: { ValidationErrors: { Message: string }[] }) =>
        e.ValidationErrors.map((v) => v.Message),
      ),
    ).toEqual([
      [
        "Account code '999' is not a valid code for this document.",
        "The TaxType code 'GST' does not exist or cannot be used with this type of transaction.",
      ],
      ['The contact with ContactID 00000000-0000-4000-8000-000000000000 could not be found.'],
    ]);
    expect(standIn.invoices().size).toBe(0);
    const badJson = await call('PUT', '/Invoices', undefined, { 'content-type': 'application/json' });
    expect(badJson.body).toMatchObject({ Type: 'PostDataInvalidException' });
  });

  it('marks an invoice PAID once paid in full into a bank account, and reverses a deleted payment', async () => {
    const { ContactID } = await contact();
    const { InvoiceID } = await invoice(ContactID);
    const pay = (amount: number, code = '090') =>
      call('PUT', '/Payments', {
        Payments: [
          {
            Invoice: { InvoiceID },
            Account: { Code: code },
            Amount: amount,
            Date: '2025-05-15',
            Reference: 'pi_1',
          },
        ],
      });

    expect((await pay(27, '200')).body.Elements[0].ValidationErrors[0].Message).toMatch(/not a bank account/);
    expect((await pay(27.01)).body.Elements[0].ValidationErrors[0].Message).toBe(
      'Payment amount exceeds the amount outstanding on this document',
    );
    const paid = await pay(27);
    expect(paid.body.Payments[0]).toMatchObject({
      PaymentID: expect.any(String),
      Amount: 27,
      Status: 'AUTHORISED',
      Reference: 'pi_1',
    });
    expect(standIn.invoices().get(InvoiceID)).toMatchObject({ Status: 'PAID', AmountPaid: 27, AmountDue: 0 });

    const paymentId = paid.body.Payments[0].PaymentID;
    const deleted = await call('POST', `/Payments/${paymentId}`, { Payments: [{ Status: 'DELETED' }] });
    expect(deleted.body.Payments[0].Status).toBe('DELETED');
    expect(standIn.invoices().get(InvoiceID)).toMatchObject({
      Status: 'AUTHORISED',
      AmountPaid: 0,
      AmountDue: 27,
    });
    expect(standIn.payments().get(paymentId)?.Status).toBe('DELETED');
  });

  it('allocates a credit note to an invoice and refunds the rest in cash', async () => {
    const { ContactID } = await contact();
    const { InvoiceID } = await invoice(ContactID);
    const note = await call('PUT', '/CreditNotes', {
      CreditNotes: [{ ...orderInvoice(ContactID), Type: 'ACCRECCREDIT' }],
    });
    const { CreditNoteID, Total, CreditNoteNumber } = note.body.CreditNotes[0];
    expect({ Total, CreditNoteNumber }).toEqual({ Total: 27, CreditNoteNumber: 'CN-0001' });
    const allocated = await call('PUT', `/CreditNotes/${CreditNoteID}/Allocations`, {
      Allocations: [{ Invoice: { InvoiceID }, Amount: 20, Date: '2025-05-16' }],
    });
    expect(allocated.body.Allocations[0]).toMatchObject({ Amount: 20, Invoice: { InvoiceID } });
    expect(standIn.invoices().get(InvoiceID)).toMatchObject({
      AmountDue: 7,
      AmountCredited: 20,
      Status: 'AUTHORISED',
    });
    const refund = await call('PUT', '/Payments', {
      Payments: [{ CreditNote: { CreditNoteID }, Account: { Code: '091' }, Amount: 7 }],
    });
    expect(refund.body.Payments[0]).toMatchObject({ PaymentType: 'ARCREDITPAYMENT', Amount: 7 });
    expect(standIn.creditNotes().get(CreditNoteID)).toMatchObject({ RemainingCredit: 0, Status: 'PAID' });
  });

  it('answers a repeat with the same Idempotency-Key as the first time, creating one invoice', async () => {
    const { ContactID } = await contact();
    const key = { 'idempotency-key': 'order-1042-invoice' };
    const first = await call('PUT', '/Invoices', { Invoices: [orderInvoice(ContactID)] }, key);
    const again = await call('PUT', '/Invoices', { Invoices: [orderInvoice(ContactID)] }, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(standIn.invoices().size).toBe(1);
    expect(standIn.requests.filter((r) => r.idempotencyKey === 'order-1042-invoice')).toHaveLength(2);
    // A day later the key is forgotten (and the access token long expired: refresh it).
    standIn.advanceClock(24 * 60 * 60_000);
    accessToken = String(
      (await tokenCall(standIn, { grant_type: 'refresh_token', refresh_token: refreshToken })).body
        .access_token,
    );
    await call('PUT', '/Invoices', { Invoices: [orderInvoice(ContactID)] }, key);
    expect(standIn.invoices().size).toBe(2);
  });

  it('filters invoices with where, and voids one with nothing paid', async () => {
    const { ContactID } = await contact();
    const { InvoiceID } = await invoice(ContactID);
    await invoice(ContactID, { Status: 'DRAFT' });
    const where = `Contact.ContactID==Guid("${ContactID}") AND Status=="AUTHORISED"`;
    const found = await call('GET', `/Invoices?where=${encodeURIComponent(where)}`);
    expect(found.body.Invoices.map((i: { InvoiceID: string }) => i.InvoiceID)).toEqual([InvoiceID]);
    const voided = await call('POST', `/Invoices/${InvoiceID}`, { Invoices: [{ Status: 'VOIDED' }] });
    expect(voided.body.Invoices[0]).toMatchObject({ Status: 'VOIDED', AmountDue: 0 });
    expect((await call('GET', '/Invoices?where=Status%3D%3D')).body.Type).toBe('QueryParseException');
  });
});
