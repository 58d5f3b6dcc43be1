import { type AccountingSyncRecord, formatInvoiceNumber } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingRateWindows } from '../../platform/db/schema/index.ts';
import type { Sale } from '../../integrations/accounting/myob/testing/stand-in-store.ts';
import { myobMappingOf, syncKit } from './accounting-sync.testing.ts';
import { type AccountingWorld, openAccountingWorld } from './accounting.testing.ts';

// Orders' invoices, payments and credits sent to MYOB Business (the stand-in, over HTTP) as the
// accounting.sync job sends them, after placing, paying and crediting through Tradeport's API:
// Service-layout sales in our numbers, each line in the mapped account with the mapped tax code,
// the totals MYOB works out equal to ours; updated, deleted when cancelled (MYOB cannot void a
// sale), paid into the mapped bank account, credited (a negative sale, settled against the
// invoice); and MYOB's outages, refusals and 429s kept for the health panel's "Retry". What is
// sent is the point here, not its pace: the stand-in lets the app's calls through as fast as it
// makes them (MYOB's 8 a second, the stand-in enforcing it, is myob-provider.test.ts's).

let world: AccountingWorld<'myob'>;
beforeAll(async () => {
  world = await openAccountingWorld('myob', { myobCallsPerSecond: 10_000 });
});
afterAll(() => world?.close());

const kit = syncKit(() => world, myobMappingOf);
const { sync, send, recordOf, queuedJobs, health } = kit;
const myob = () => world.standIn;

/** A shop connected to a company file of its own, with hands on what the file now holds. */
async function connectedShop() {
  const shop = await kit.connectedShop();
  const file = () => myob().records(shop.booksId);
  const sales = () => [...file().invoices.values()];
  return {
    ...shop,
    invoices: () => sales().filter((sale) => sale.TotalAmount >= 0),
    credits: () => sales().filter((sale) => sale.TotalAmount < 0),
    payments: () => [...file().payments.values()],
    settlements: () => [...file().settlements.values()],
    /** Each line as [account, tax code, total]. */
    linesOf: (sale: Sale) =>
      sale.Lines.map((line) => [line.Account.DisplayID, line.TaxCode.Code, line.Total]),
  };
}

describe('an order’s invoice', () => {
  it('arrives with our number, each line in the mapped account with its tax code, GST and total', async () => {
    const shop = await connectedShop();
    const order = await shop.place(2);
    const record = await recordOf(shop.merchantId, order.id);
    expect(record).toMatchObject({ kind: 'INVOICE', status: 'PENDING', provider: 'myob' });
    expect(await sync().run(record.id)).toBe('sent');

    const [invoice, ...others] = shop.invoices();
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      Number: formatInvoiceNumber(order.invoice_number),
      Customer: { Name: 'Alpha Café' },
      IsTaxInclusive: false,
      InvoiceType: 'Service',
      TotalTax: order.gst_cents / 100,
      TotalAmount: order.total_cents / 100,
      BalanceDueAmount: order.total_cents / 100,
    });
    // Two coffee at $20 ex GST in sales; the $10 delivery on its own line, in freight.
    expect(shop.linesOf(invoice!)).toEqual([
      ['4-1000', 'GST', 40],
      ['4-2000', 'GST', 10],
    ]);
    expect(invoice!.Lines[0]!.Description).toBe(`2 × Coffee beans (${shop.coffee.sku})`);
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({
      status: 'SYNCED',
      externalId: invoice!.UID,
      lastError: null,
    });
    // The customer was made in the file for it, once, with its ABN.
    expect([...myob().records(shop.booksId).customers.values()]).toEqual([
      expect.objectContaining({
        CompanyName: 'Alpha Café',
        SellingDetails: expect.objectContaining({ ABN: '51824753556' }),
      }),
    ]);
  });

  it('follows the order: a changed line updates the same sale, cancelling deletes it', async () => {
    const shop = await connectedShop();
    const order = await shop.place(2);
    await send(shop.merchantId, order.id);
    const [first] = shop.invoices();
    const changed = await kit.changeQuantity(shop, order, 5);
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({ status: 'PENDING', revision: 2 });
    await send(shop.merchantId, order.id);
    const [invoice, ...others] = shop.invoices();
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({ UID: first!.UID, TotalAmount: changed.total_cents / 100 });
    expect(invoice!.RowVersion).not.toBe(first!.RowVersion);
    expect(shop.linesOf(invoice!)[0]).toEqual(['4-1000', 'GST', 100]);

    await kit.moveOrder(shop, order.id, 'CANCELLED');
    await send(shop.merchantId, order.id);
    expect(shop.invoices()).toEqual([]);
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({ status: 'SYNCED', syncedRevision: 3 });
  });
});

describe('a payment', () => {
  it('goes into the mapped bank account against its invoice, and follows a refund', async () => {
    const shop = await connectedShop();
    const order = await shop.place(1);
    const payment = await kit.recordPayment(shop, order, 1_000);
    await send(shop.merchantId, payment.id);
    expect(await recordOf(shop.merchantId, payment.id)).toMatchObject({ status: 'WAITING' });
    expect(shop.payments()).toEqual([]);

    await send(shop.merchantId, order.id);
    await send(shop.merchantId, payment.id);
    const [invoice] = shop.invoices();
    const [made, ...others] = shop.payments();
    expect(others).toEqual([]);
    expect(made).toMatchObject({
      Account: { DisplayID: '1-1110' },
      Customer: { UID: invoice!.Customer.UID },
      AmountReceived: 10,
      Date: '2026-11-20T00:00:00',
      Invoices: [{ UID: invoice!.UID, AmountApplied: 10, Type: 'Invoice' }],
    });
    expect(made!.Memo).toContain('EFT 4411');
    expect(invoice!.BalanceDueAmount).toBe(order.total_cents / 100 - 10);
    expect(await recordOf(shop.merchantId, payment.id)).toMatchObject({ status: 'SYNCED' });

    // $3 refunded: the payment is taken out and made again for the $7 it still pays.
    await kit.refund(shop, payment.id, 300);
    await send(shop.merchantId, payment.id);
    expect(shop.payments().map((p) => [p.UID === made!.UID, p.AmountReceived])).toEqual([[false, 7]]);
    expect(shop.invoices()[0]!.BalanceDueAmount).toBe(order.total_cents / 100 - 7);
  });
});

describe('credits', () => {
  it('go to MYOB as negative sales, and an applied credit is settled against the invoice', async () => {
    const shop = await connectedShop();
    const order = await shop.place(3);
    await send(shop.merchantId, order.id);
    const { credit, apply } = await kit.creditOneBag(shop, order);
    await send(shop.merchantId, credit.id);
    const [note, ...others] = shop.credits();
    expect(others).toEqual([]);
    expect(note).toMatchObject({
      Number: `CR-${credit.number}`,
      Customer: { Name: 'Alpha Café' },
      CustomerPurchaseOrderNumber: 'One bag short',
      TotalAmount: -22,
      TotalTax: -2,
      Status: 'Credit',
    });
    expect(shop.linesOf(note!)).toEqual([['4-1000', 'GST', -20]]);

    const application = await apply();
    await send(shop.merchantId, application.id);
    expect(shop.invoices()[0]!.BalanceDueAmount).toBe(order.total_cents / 100 - 22);
    expect(shop.credits()[0]!.BalanceDueAmount).toBe(0);
    expect(shop.settlements()).toEqual([
      expect.objectContaining({
        CreditFromInvoice: expect.objectContaining({ UID: note!.UID }),
        Invoices: [{ UID: shop.invoices()[0]!.UID, AmountApplied: 22, Type: 'Invoice' }],
      }),
    ]);
    expect(shop.payments()).toEqual([]);
  });

  it('deletes the credit’s sale when the credit is voided; a manual credit is one GST-free line', async () => {
    const shop = await connectedShop();
    const { credit, voidIt } = await kit.goodwillCredit(shop, 1_500);
    await send(shop.merchantId, credit.id);
    const [note] = shop.credits();
    expect(note).toMatchObject({ TotalAmount: -15, TotalTax: 0 });
    expect(shop.linesOf(note!)).toEqual([['4-1000', 'FRE', -15]]);
    await voidIt();
    await send(shop.merchantId, credit.id);
    expect(shop.credits()).toEqual([]);
    expect(await recordOf(shop.merchantId, credit.id)).toMatchObject({ status: 'SYNCED' });
  });
});

describe('when it goes wrong', () => {
  it('retries an outage, keeping MYOB’s words for the health panel, and Retry sends it', async () => {
    const shop = await connectedShop();
    const order = await shop.place();
    const { id } = await recordOf(shop.merchantId, order.id);
    const message = 'MYOB failed (503): The service is unavailable (scripted)';
    myob().failNext(1, { status: 503 });
    await expect(sync().run(id)).rejects.toThrow(message);
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: message,
    });
    expect((await health(shop.merchantId, shop.admin.headers)).problems).toEqual([
      expect.objectContaining({ id, status: 'PENDING', attempts: 1, message }),
    ]);
    const retried = await kit.retry(shop.merchantId, shop.admin.headers, id);
    expect(retried.json<AccountingSyncRecord>()).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(await queuedJobs(id)).toHaveLength(2);
    expect(await sync().run(id)).toBe('sent');
    expect(shop.invoices()).toHaveLength(1);
    expect((await health(shop.merchantId, shop.admin.headers)).counts).toMatchObject({
      SYNCED: 1,
      PENDING: 0,
    });
  });

  it('keeps a refusal FAILED with MYOB’s words until Retry sends it again', async () => {
    const shop = await connectedShop();
    const order = await shop.place();
    const { id } = await recordOf(shop.merchantId, order.id);
    myob().failNext(1, {
      status: 400,
      body: {
        Errors: [
          {
            Name: 'ValidationError',
            Message: 'Account 4-1000 is inactive',
            AdditionalDetails: 'Lines[0].Account',
          },
        ],
      },
    });
    expect(await sync().run(id)).toBe('sent');
    expect((await health(shop.merchantId, shop.admin.headers)).problems).toEqual([
      expect.objectContaining({
        id,
        label: formatInvoiceNumber(order.invoice_number),
        status: 'FAILED',
        message: 'MYOB Business refused it: Account 4-1000 is inactive: Lines[0].Account',
      }),
    ]);
    expect(await sync().run(id)).toBe('nothing-to-do');
    expect((await kit.retry(shop.merchantId, shop.admin.headers, id)).statusCode).toBe(200);
    expect(await sync().run(id)).toBe('sent');
    expect(shop.invoices()).toHaveLength(1);
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({ status: 'SYNCED', lastError: null });
  });

  it('waits as long as MYOB’s 429 says, without counting an attempt', async () => {
    const shop = await connectedShop();
    const order = await shop.place();
    const { id } = await recordOf(shop.merchantId, order.id);
    myob().failNext(1, { status: 429, retryAfter: 42 });
    expect(await sync().run(id)).toBe('deferred');
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({ status: 'PENDING', attempts: 0 });
    const later = (await queuedJobs(id)).map((job) => new Date(job.start_after).getTime());
    expect(Math.max(...later) - Date.now()).toBeGreaterThan(30_000);
    expect(shop.invoices()).toEqual([]);
  });

  it('counts MYOB’s per-minute allowance on our API key, across every merchant’s file', async () => {
    const shop = await connectedShop();
    const order = await shop.place();
    const { id } = await recordOf(shop.merchantId, order.id);
    // Other merchants' files have used this minute's allowance: the limit is on our key, not per file.
    const minute = new Date(Math.floor(world.t.deps.now().getTime() / 60_000) * 60_000);
    await world.t.database.db
      .insert(accountingRateWindows)
      .values({ provider: 'myob', tenantId: '*', windowStart: minute, calls: 480 })
      .onConflictDoUpdate({
        target: [accountingRateWindows.provider, accountingRateWindows.tenantId],
        set: { windowStart: minute, calls: 480 },
      });
    const callsBefore = myob().requests.length;
    try {
      expect(await sync().run(id)).toBe('deferred');
      expect(myob().requests.length).toBe(callsBefore);
      expect(await recordOf(shop.merchantId, order.id)).toMatchObject({ status: 'PENDING', attempts: 0 });
    } finally {
      await world.t.database.db
        .delete(accountingRateWindows)
        .where(eq(accountingRateWindows.provider, 'myob'));
    }
  });

  it('answers another merchant’s record as not found, and changes nothing', async () => {
    const shop = await connectedShop();
    const other = await connectedShop();
    const order = await other.place();
    const { id } = await recordOf(other.merchantId, order.id);
    expect((await kit.retry(shop.merchantId, shop.admin.headers, id)).statusCode).toBe(404);
    expect((await kit.retry(other.merchantId, shop.admin.headers, id)).statusCode).toBe(404);
    expect(await recordOf(other.merchantId, order.id)).toMatchObject({ revision: 1, status: 'PENDING' });
  });
});
