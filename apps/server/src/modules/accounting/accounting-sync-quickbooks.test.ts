import { type AccountingSyncRecord, formatInvoiceNumber, type LinksChanged } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../integrations/accounting/quickbooks/testing/stand-in-company.ts';
import { ok } from './accounting-links.testing.ts';
import { QUICKBOOKS_MAPPING, syncKit } from './accounting-sync.testing.ts';
import { type AccountingWorld, openAccountingWorld, providerPath } from './accounting.testing.ts';

// Orders' invoices, payments and credits sent to QuickBooks Online (the stand-in, over HTTP) as
// the accounting.sync job sends them, after placing, paying and crediting through Tradeport's
// API: our numbers, every line naming an item whose income account is the mapped one (the linked
// product's item, or the account's service item), the mapped tax codes, the totals QuickBooks
// works out equal to ours; updated, voided, paid into the mapped bank account, credited; and
// Intuit's outages, refusals and 429s kept for the health panel's "Retry".

let world: AccountingWorld<'quickbooks'>;
beforeAll(async () => {
  world = await openAccountingWorld('quickbooks');
});
afterAll(() => world?.close());

const kit = syncKit(() => world, QUICKBOOKS_MAPPING);
const { sync, send, recordOf, queuedJobs, health } = kit;
const qb = () => world.standIn;

type Line = { Amount: number; DetailType: string; SalesItemLineDetail?: Record<string, unknown> };
type Ref = { value: string; name?: string };

/** A shop connected to a company of its own, with hands on what the company now holds. */
async function connectedShop() {
  const shop = await kit.connectedShop();
  const invoices = () => [...qb().invoices(shop.booksId).values()];
  /** Each sales line as [income account of its item, tax code, quantity, unit price]. */
  const linesOf = (document: Entity) =>
    (document.Line as Line[])
      .filter((line) => line.DetailType === 'SalesItemLineDetail')
      .map(({ SalesItemLineDetail: detail }) => {
        const item = qb()
          .items(shop.booksId)
          .get((detail!.ItemRef as Ref).value)!;
        return [
          (item.IncomeAccountRef as Ref).value,
          (detail!.TaxCodeRef as Ref).value,
          detail!.Qty,
          detail!.UnitPrice,
        ];
      });
  return {
    ...shop,
    invoices,
    payments: () => [...qb().payments(shop.booksId).values()],
    creditMemos: () => [...qb().creditMemos(shop.booksId).values()],
    linesOf,
  };
}

describe('an order’s invoice', () => {
  it('arrives with our number, each line’s item in the mapped account, the tax codes, GST and total', async () => {
    const shop = await connectedShop();
    // The coffee is linked to an item made for it: its line names that item.
    const made = await ok<LinksChanged>(
      kit.api('POST', `${providerPath('quickbooks', shop.merchantId)}/products`, shop.admin.headers, {
        action: 'CREATE',
        product_ids: [shop.coffee.id],
      }),
    );
    expect(made).toEqual({ linked: 1, created: 1 });
    const coffeeItem = [...qb().items(shop.booksId).values()].find((item) => item.Sku === shop.coffee.sku)!;

    const order = await shop.place(2);
    const record = await recordOf(shop.merchantId, order.id);
    expect(record).toMatchObject({ kind: 'INVOICE', status: 'PENDING', provider: 'quickbooks' });
    expect(await sync().run(record.id)).toBe('sent');

    const [invoice, ...others] = shop.invoices();
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      DocNumber: formatInvoiceNumber(order.invoice_number),
      CustomerRef: { name: 'Alpha Café' },
      GlobalTaxCalculation: 'TaxExcluded',
      TotalAmt: order.total_cents / 100,
      TxnTaxDetail: { TotalTax: order.gst_cents / 100 },
    });
    // Two coffee at $20 ex GST in sales; the $10 delivery on its own line, in freight.
    expect(shop.linesOf(invoice!)).toEqual([
      ['1', '10', 2, 20],
      ['2', '10', 1, 10],
    ]);
    expect(((invoice!.Line as Line[])[0]!.SalesItemLineDetail!.ItemRef as Ref).value).toBe(coffeeItem.Id);
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({
      status: 'SYNCED',
      externalId: invoice!.Id,
      lastError: null,
    });
    // The customer was made in the company for it, once, with its ABN.
    const customers = [...qb().customers(shop.booksId).values()];
    expect(customers).toEqual([
      expect.objectContaining({ DisplayName: 'Alpha Café', Notes: 'ABN 51824753556' }),
    ]);
  });

  it('follows the order: a changed line updates the same invoice, cancelling voids it', async () => {
    const shop = await connectedShop();
    const order = await shop.place(2);
    await send(shop.merchantId, order.id);
    const changed = await kit.changeQuantity(shop, order, 5);
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({ status: 'PENDING', revision: 2 });
    await send(shop.merchantId, order.id);
    const [invoice, ...others] = shop.invoices();
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({ SyncToken: '1', TotalAmt: changed.total_cents / 100 });
    expect(shop.linesOf(invoice!)[0]).toEqual(['1', '10', 5, 20]);

    await kit.moveOrder(shop, order.id, 'CANCELLED');
    await send(shop.merchantId, order.id);
    expect(shop.invoices()).toEqual([
      expect.objectContaining({ Id: invoice!.Id, PrivateNote: 'Voided', TotalAmt: 0, Balance: 0 }),
    ]);
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
      TotalAmt: 10,
      DepositToAccountRef: { value: '3' },
      CustomerRef: { value: (invoice!.CustomerRef as Ref).value },
      PaymentRefNum: 'EFT 4411',
      Line: [{ Amount: 10, LinkedTxn: [{ TxnId: invoice!.Id, TxnType: 'Invoice' }] }],
    });
    expect(invoice!.Balance).toBe(order.total_cents / 100 - 10);
    expect(await recordOf(shop.merchantId, payment.id)).toMatchObject({ status: 'SYNCED' });

    // $3 refunded: the payment is taken out and made again for the $7 it still pays.
    await kit.refund(shop, payment.id, 300);
    await send(shop.merchantId, payment.id);
    expect(shop.payments().find((p) => p.Id === made!.Id)).toMatchObject({ status: 'Deleted' });
    const live = shop.payments().filter((p) => p.status !== 'Deleted');
    expect(live.map((p) => p.TotalAmt)).toEqual([7]);
    expect(shop.invoices()[0]!.Balance).toBe(order.total_cents / 100 - 7);
  });
});

describe('credits', () => {
  it('go to QuickBooks as credit memos, and an applied credit is applied to the invoice', async () => {
    const shop = await connectedShop();
    const order = await shop.place(3);
    await send(shop.merchantId, order.id);
    const { credit, apply } = await kit.creditOneBag(shop, order);
    await send(shop.merchantId, credit.id);
    const [memo, ...others] = shop.creditMemos();
    expect(others).toEqual([]);
    expect(memo).toMatchObject({
      DocNumber: `CR-${credit.number}`,
      PrivateNote: 'One bag short',
      CustomerRef: { name: 'Alpha Café' },
      TotalAmt: 22,
      TxnTaxDetail: { TotalTax: 2 },
    });
    expect(shop.linesOf(memo!)).toEqual([['1', '10', 1, 20]]);

    const application = await apply();
    await send(shop.merchantId, application.id);
    expect(shop.invoices()[0]!.Balance).toBe(order.total_cents / 100 - 22);
    expect(shop.creditMemos()[0]!.RemainingCredit).toBe(0);
    expect(shop.payments()).toEqual([
      expect.objectContaining({
        TotalAmt: 0,
        Line: [
          expect.objectContaining({ LinkedTxn: [{ TxnId: shop.invoices()[0]!.Id, TxnType: 'Invoice' }] }),
          expect.objectContaining({ LinkedTxn: [{ TxnId: memo!.Id, TxnType: 'CreditMemo' }] }),
        ],
      }),
    ]);
  });

  it('voids the credit memo when the credit is voided; a manual credit is one GST-free line', async () => {
    const shop = await connectedShop();
    const { credit, voidIt } = await kit.goodwillCredit(shop, 1_500);
    await send(shop.merchantId, credit.id);
    const [memo] = shop.creditMemos();
    expect(memo).toMatchObject({ TotalAmt: 15, TxnTaxDetail: { TotalTax: 0 } });
    expect(shop.linesOf(memo!)).toEqual([['1', '4', 1, 15]]);
    await voidIt();
    await send(shop.merchantId, credit.id);
    expect(shop.creditMemos()).toEqual([
      expect.objectContaining({ Id: memo!.Id, PrivateNote: 'Voided', TotalAmt: 0 }),
    ]);
  });
});

describe('when it goes wrong', () => {
  it('retries an outage, keeping Intuit’s status for the health panel, and Retry sends it', async () => {
    const shop = await connectedShop();
    const order = await shop.place();
    const { id } = await recordOf(shop.merchantId, order.id);
    qb().failNext(1, { status: 503 });
    await expect(sync().run(id)).rejects.toThrow(/QuickBooks failed \(503\)/);
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: 'QuickBooks failed (503)',
    });
    expect((await health(shop.merchantId, shop.admin.headers)).problems).toEqual([
      expect.objectContaining({ id, status: 'PENDING', attempts: 1, message: 'QuickBooks failed (503)' }),
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

  it('keeps a refusal FAILED with Intuit’s words until Retry sends it again', async () => {
    const shop = await connectedShop();
    const order = await shop.place();
    const { id } = await recordOf(shop.merchantId, order.id);
    qb().failNext(1, {
      status: 400,
      body: {
        Fault: {
          Error: [
            {
              Message: 'Invalid Reference Id',
              Detail: 'Invalid Reference Id : Account 1 is inactive',
              code: '2500',
            },
          ],
          type: 'ValidationFault',
        },
      },
    });
    expect(await sync().run(id)).toBe('sent');
    expect((await health(shop.merchantId, shop.admin.headers)).problems).toEqual([
      expect.objectContaining({
        id,
        label: formatInvoiceNumber(order.invoice_number),
        status: 'FAILED',
        message: 'QuickBooks Online refused it: Invalid Reference Id : Account 1 is inactive',
      }),
    ]);
    expect(await sync().run(id)).toBe('nothing-to-do');
    expect((await kit.retry(shop.merchantId, shop.admin.headers, id)).statusCode).toBe(200);
    expect(await sync().run(id)).toBe('sent');
    expect(shop.invoices()).toHaveLength(1);
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({ status: 'SYNCED', lastError: null });
  });

  it('waits as long as Intuit’s 429 says, without counting an attempt', async () => {
    const shop = await connectedShop();
    const order = await shop.place();
    const { id } = await recordOf(shop.merchantId, order.id);
    qb().failNext(1, { status: 429, retryAfter: 42 });
    expect(await sync().run(id)).toBe('deferred');
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({ status: 'PENDING', attempts: 0 });
    const later = (await queuedJobs(id)).map((job) => new Date(job.start_after).getTime());
    expect(Math.max(...later) - Date.now()).toBeGreaterThan(30_000);
    expect(shop.invoices()).toEqual([]);
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
