import { randomUUID } from 'node:crypto';
import {
  type AccountingMapping,
  type AccountingSyncRecord,
  formatInvoiceNumber,
  IDEMPOTENCY_KEY_HEADER,
  type Order,
} from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingRateWindows, accountingSyncRecords } from '../../platform/db/schema/index.ts';
import { openXeroWorld, type XeroWorld, xeroSettingsPath } from './accounting.testing.ts';
import { SyncRecordBusyError } from './accounting-sync.service.ts';
import { syncKit } from './accounting-sync.testing.ts';

// Sending orders' invoices and payments to Xero (the stand-in), as the accounting.sync job does:
// queued in the transaction of the change, sent with the mapped accounts and tax rates, edited and
// voided as the order changes, a payment after its invoice, never twice, within the per-minute
// limit, and failures kept with Xero's words for the health panel's "Retry".

let world: XeroWorld;
beforeAll(async () => {
  world = await openXeroWorld();
});
afterAll(() => world?.close());

const MAPPING: AccountingMapping = {
  sales_account_code: '200',
  freight_account_code: '260',
  surcharge_account_code: '260',
  payment_account_codes: { BANK_TRANSFER: '090', STRIPE_CARD: '091' },
  gst_tax_id: 'OUTPUT',
  gst_free_tax_id: 'EXEMPTOUTPUT',
  push_on: 'ON_PLACING',
};

const kit = syncKit(() => world, MAPPING);
const { cart, db, sync, recordsOf, recordOf, queuedJobs, recordPayment } = kit;
const health = (merchantId: string, headers: object, query = '') =>
  kit.health(merchantId, headers as never, query);

/**
 * A shop (two customers, products, a $10 delivery) whose Admin connected its own Xero
 * organisation (each test's books to itself, and its own per-minute window) and mapped it.
 */
async function connectedShop(mapping: Partial<AccountingMapping> = {}) {
  const shop = await kit.connectedShop(mapping);
  return {
    ...shop,
    tenantId: shop.booksId,
    invoices: () => [...world.standIn.invoices(shop.booksId).values()],
    payments: () => [...world.standIn.payments(shop.booksId).values()],
  };
}

describe('an order’s invoice', () => {
  it('is queued with the placing and arrives in Xero with the mapped accounts, GST and our number', async () => {
    const shop = await connectedShop();
    const order = await shop.place(2);
    const record = await recordOf(shop.merchantId, order.id);
    expect(record).toMatchObject({ kind: 'INVOICE', status: 'PENDING', revision: 1 });
    expect(await queuedJobs(record.id)).toHaveLength(1);

    expect(await sync().run(record.id)).toBe('sent');
    const [invoice, ...others] = shop.invoices();
    expect(others).toHaveLength(0);
    expect(invoice).toMatchObject({
      Type: 'ACCREC',
      Status: 'AUTHORISED',
      InvoiceNumber: formatInvoiceNumber(order.invoice_number),
      Contact: { Name: 'Alpha Café' },
      LineAmountTypes: 'Exclusive',
      Total: order.total_cents / 100,
      TotalTax: order.gst_cents / 100,
    });
    // Two coffee at $20 ex GST on the sales account; the $10 delivery on its own line, in freight.
    expect(
      invoice!.LineItems.map((line) => [line.AccountCode, line.TaxType, line.Quantity, line.UnitAmount]),
    ).toEqual([
      ['200', 'OUTPUT', 2, 20],
      ['260', 'OUTPUT', 1, 10],
    ]);
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({
      status: 'SYNCED',
      externalId: invoice!.InvoiceID,
      syncedRevision: 1,
      lastError: null,
    });
    // Its write named the record, revision and part, so a retried call cannot make a second one.
    const put = world.standIn.requests.find(
      (request) =>
        request.method === 'PUT' && request.path.endsWith('/Invoices') && request.tenantId === shop.tenantId,
    );
    expect(put?.idempotencyKey).toBe(`${record.id}:1:invoice`);
  });

  it('is sent once however often its job is delivered, even two deliveries at once', async () => {
    const shop = await connectedShop();
    const order = await shop.place();
    const { id } = await recordOf(shop.merchantId, order.id);
    const outcomes = await Promise.allSettled([sync().run(id), sync().run(id)]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(SyncRecordBusyError);
    expect(await sync().run(id)).toBe('nothing-to-do');
    expect(shop.invoices()).toHaveLength(1);
  });

  it('follows the order: a changed line updates the same invoice, cancelling voids it', async () => {
    const shop = await connectedShop();
    const order = await shop.place(2);
    const { id } = await recordOf(shop.merchantId, order.id);
    await sync().run(id);
    const changed = await kit.api(
      'PUT',
      `/orders/${order.id}/product/${shop.coffee.id}`,
      shop.admin.headers,
      {
        version: order.version,
        quantity: 5,
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({ status: 'PENDING', revision: 2 });
    await sync().run(id);
    const [invoice] = shop.invoices();
    expect(shop.invoices()).toHaveLength(1);
    expect(invoice!.LineItems[0]).toMatchObject({ Quantity: 5, UnitAmount: 20 });
    expect(invoice!.Total).toBe(changed.json<Order>().total_cents / 100);

    const cancelled = await kit.api(
      'POST',
      `/orders/organisation/${shop.merchantId}/bulk-update/status/CANCELLED`,
      shop.admin.headers,
      { order_ids: [order.id] },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sync().run(id);
    expect(shop.invoices()[0]).toMatchObject({ Status: 'VOIDED', InvoiceID: invoice!.InvoiceID });
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({ status: 'SYNCED', syncedRevision: 3 });
  });

  it('waits for the order’s completion when the merchant sends invoices then', async () => {
    const shop = await connectedShop({ push_on: 'ON_COMPLETION' });
    const order = await shop.place();
    const { id } = await recordOf(shop.merchantId, order.id);
    await sync().run(id);
    expect(shop.invoices()).toHaveLength(0);
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({
      status: 'WAITING',
      lastError: 'Sent when the order is completed.',
    });
    for (const status of ['SHIPPED', 'COMPLETED']) {
      const moved = await kit.api(
        'POST',
        `/orders/organisation/${shop.merchantId}/bulk-update/status/${status}`,
        shop.admin.headers,
        { order_ids: [order.id] },
      );
      expect(moved.statusCode, moved.body).toBe(200);
    }
    await sync().run(id);
    expect(shop.invoices()).toHaveLength(1);
  });
});

describe('a payment', () => {
  it('waits for its invoice, then goes into the mapped bank account against it', async () => {
    const shop = await connectedShop();
    const order = await shop.place(1);
    const payment = await recordPayment(shop, order, 1_000);
    const paymentRecord = await recordOf(shop.merchantId, payment.id);
    expect(paymentRecord).toMatchObject({ kind: 'PAYMENT', status: 'PENDING' });

    await sync().run(paymentRecord.id);
    expect(await recordOf(shop.merchantId, payment.id)).toMatchObject({
      status: 'WAITING',
      lastError: `Waiting for ${formatInvoiceNumber(order.invoice_number)} to be sent.`,
    });
    expect(shop.payments()).toHaveLength(0);

    // Sending the invoice queues the payment again.
    const jobsBefore = (await queuedJobs(paymentRecord.id)).length;
    await sync().run((await recordOf(shop.merchantId, order.id)).id);
    expect(await queuedJobs(paymentRecord.id)).toHaveLength(jobsBefore + 1);
    await sync().run(paymentRecord.id);
    const [made] = shop.payments();
    expect(made).toMatchObject({
      Amount: 10,
      Account: { Code: '090' },
      Invoice: { InvoiceID: shop.invoices()[0]!.InvoiceID },
      Reference: 'EFT 4411',
    });
    expect(shop.invoices()[0]!.AmountPaid).toBe(10);
    expect(await recordOf(shop.merchantId, payment.id)).toMatchObject({
      status: 'SYNCED',
      externalParts: { [`order:${order.id}`]: `${made!.PaymentID}@1000` },
    });
    await sync().run(paymentRecord.id);
    expect(shop.payments()).toHaveLength(1);
  });

  it('follows refunds: the payment in Xero is what it still pays', async () => {
    const shop = await connectedShop();
    const order = await shop.place(1);
    await sync().run((await recordOf(shop.merchantId, order.id)).id);
    const payment = await recordPayment(shop, order, 1_000);
    const { id } = await recordOf(shop.merchantId, payment.id);
    await sync().run(id);
    const first = shop.payments()[0]!;

    const refunded = await kit.api(
      'POST',
      `/payments/organisation/${shop.merchantId}/payment/${payment.id}/refund`,
      { ...shop.admin.headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      { amount_cents: 300, reason: 'Damaged box' },
    );
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(await recordOf(shop.merchantId, payment.id)).toMatchObject({ status: 'PENDING', revision: 2 });
    await sync().run(id);
    // Taken out and made again for the $7 it still pays: the invoice owes the $3 again.
    expect(shop.payments().find((p) => p.PaymentID === first.PaymentID)).toMatchObject({ Status: 'DELETED' });
    const live = shop.payments().filter((p) => p.Status === 'AUTHORISED');
    expect(live.map((p) => p.Amount)).toEqual([7]);
    expect(shop.invoices()[0]!.AmountDue).toBe(order.total_cents / 100 - 7);

    const rest = await kit.api(
      'POST',
      `/payments/organisation/${shop.merchantId}/payment/${payment.id}/refund`,
      { ...shop.admin.headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      { amount_cents: 700, reason: 'Order returned' },
    );
    expect(rest.statusCode, rest.body).toBe(201);
    await sync().run(id);
    expect(shop.payments().filter((p) => p.Status === 'AUTHORISED')).toEqual([]);
    expect(await recordOf(shop.merchantId, payment.id)).toMatchObject({
      status: 'SYNCED',
      externalParts: {},
    });
  });

  it('sends an invoice placed before Xero was connected once a payment needs it', async () => {
    const shop = await connectedShop();
    const order = await shop.place(1);
    // As if placed before connecting: no record of its invoice.
    await db().delete(accountingSyncRecords).where(eq(accountingSyncRecords.sourceId, order.id));
    const payment = await recordPayment(shop, order, 500);
    await sync().run((await recordOf(shop.merchantId, payment.id)).id);
    const invoice = await recordOf(shop.merchantId, order.id);
    expect(invoice).toMatchObject({ kind: 'INVOICE', status: 'PENDING' });
    await sync().run(invoice.id);
    await sync().run((await recordOf(shop.merchantId, payment.id)).id);
    expect(shop.payments().map((p) => p.Amount)).toEqual([5]);
  });
});

describe('credits', () => {
  it('go to Xero as credit notes, and an applied credit is allocated to the invoice', async () => {
    const shop = await connectedShop();
    const order = await shop.place(3);
    await sync().run((await recordOf(shop.merchantId, order.id)).id);
    const note = await kit.api(
      'POST',
      `/credits/organisation/${shop.merchantId}/adjustment-note`,
      { ...shop.admin.headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      { order_id: order.id, reason: 'One bag short', lines: [{ product_id: shop.coffee.id, quantity: 1 }] },
    );
    expect(note.statusCode, note.body).toBe(201);
    const credit = note.json<{ id: string; number: number; amount_cents: number }>();
    await sync().run((await recordOf(shop.merchantId, credit.id)).id);
    const [creditNote] = [...world.standIn.creditNotes(shop.tenantId).values()];
    expect(creditNote).toMatchObject({
      CreditNoteNumber: `CR-${credit.number}`,
      Reference: 'One bag short',
      Contact: { Name: 'Alpha Café' },
      Total: 22,
      TotalTax: 2,
    });
    expect(
      creditNote!.LineItems.map((line) => [line.AccountCode, line.TaxType, line.Quantity, line.UnitAmount]),
    ).toEqual([['200', 'OUTPUT', 1, 20]]);

    const applied = await kit.api(
      'POST',
      `/credits/organisation/${shop.merchantId}/credit/${credit.id}/apply`,
      { ...shop.admin.headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      { allocations: [{ order_id: order.id, amount_cents: 2_200 }] },
    );
    expect(applied.statusCode, applied.body).toBe(201);
    const application = applied.json<{ id: string }>();
    await sync().run((await recordOf(shop.merchantId, application.id)).id);
    expect(shop.invoices()[0]).toMatchObject({ AmountCredited: 22, AmountDue: order.total_cents / 100 - 22 });
    expect(shop.payments()).toEqual([]);
  });

  it('voids the credit note when the credit is voided', async () => {
    const shop = await connectedShop();
    const issued = await kit.api(
      'POST',
      `/credits/organisation/${shop.merchantId}`,
      { ...shop.admin.headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      { customer_organisation_id: shop.alpha.organisationId, amount_cents: 1_500, reason: 'Goodwill' },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const credit = issued.json<{ id: string }>();
    const { id } = await recordOf(shop.merchantId, credit.id);
    await sync().run(id);
    // A manual credit carries no GST: one GST-free line of its amount.
    expect([...world.standIn.creditNotes(shop.tenantId).values()][0]).toMatchObject({
      Total: 15,
      TotalTax: 0,
      LineItems: [expect.objectContaining({ TaxType: 'EXEMPTOUTPUT', AccountCode: '200' })],
    });
    const voided = await kit.api(
      'POST',
      `/credits/organisation/${shop.merchantId}/credit/${credit.id}/void`,
      shop.admin.headers,
    );
    expect(voided.statusCode, voided.body).toBe(200);
    await sync().run(id);
    expect([...world.standIn.creditNotes(shop.tenantId).values()][0]).toMatchObject({ Status: 'VOIDED' });
  });
});

describe('when it goes wrong', () => {
  it('retries an outage with backoff, keeping the message, and sends once Xero answers', async () => {
    const shop = await connectedShop();
    const order = await shop.place();
    const { id } = await recordOf(shop.merchantId, order.id);
    world.standIn.failNext(1, { status: 503 });
    await expect(sync().run(id)).rejects.toThrow(/Xero failed \(503\)/);
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: 'Xero failed (503)',
    });
    const listed = await health(shop.merchantId, shop.admin.headers);
    expect(listed.problems).toEqual([
      expect.objectContaining({ id, status: 'PENDING', attempts: 1, message: 'Xero failed (503)' }),
    ]);
    // "Retry" sends it now rather than after the backoff.
    const retried = await kit.api(
      'POST',
      `${xeroSettingsPath(shop.merchantId)}/sync/${id}/retry`,
      shop.admin.headers,
    );
    expect(retried.json<AccountingSyncRecord>()).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(await queuedJobs(id)).toHaveLength(2);
    expect(await sync().run(id)).toBe('sent');
    expect(shop.invoices()).toHaveLength(1);
    expect((await health(shop.merchantId, shop.admin.headers)).counts).toMatchObject({
      SYNCED: 1,
      PENDING: 0,
    });
  });

  it('keeps a refusal FAILED with Xero’s words until Retry sends it again', async () => {
    const shop = await connectedShop();
    const order = await shop.place();
    const { id } = await recordOf(shop.merchantId, order.id);
    world.standIn.failNext(1, {
      status: 400,
      body: {
        ErrorNumber: 10,
        Type: 'ValidationException',
        Message: 'A validation exception occurred',
        Elements: [{ ValidationErrors: [{ Message: 'Account code 200 has been archived.' }] }],
      },
    });
    expect(await sync().run(id)).toBe('sent');
    const failed = (await health(shop.merchantId, shop.admin.headers)).problems[0];
    expect(failed).toMatchObject({
      id,
      kind: 'INVOICE',
      label: formatInvoiceNumber(order.invoice_number),
      status: 'FAILED',
      message: 'Xero refused it: Account code 200 has been archived.',
    });
    // A later delivery of its job leaves it for the merchant.
    expect(await sync().run(id)).toBe('nothing-to-do');

    const retried = await kit.api(
      'POST',
      `${xeroSettingsPath(shop.merchantId)}/sync/${id}/retry`,
      shop.admin.headers,
    );
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<AccountingSyncRecord>()).toMatchObject({ status: 'PENDING' });
    expect(await queuedJobs(id)).toHaveLength(2);
    await sync().run(id);
    expect(shop.invoices()).toHaveLength(1);
    expect((await health(shop.merchantId, shop.admin.headers, `?source_id=${order.id}`)).problems).toEqual([
      expect.objectContaining({ id, status: 'SYNCED', message: null }),
    ]);
  });

  it('waits as long as Xero’s 429 says, without counting an attempt', async () => {
    const shop = await connectedShop();
    const order = await shop.place();
    const { id } = await recordOf(shop.merchantId, order.id);
    world.standIn.failNext(1, { status: 429, retryAfter: 42 });
    expect(await sync().run(id)).toBe('deferred');
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({ status: 'PENDING', attempts: 0 });
    const later = (await queuedJobs(id)).map((job) => new Date(job.start_after).getTime());
    expect(Math.max(...later) - Date.now()).toBeGreaterThan(30_000);
    expect(shop.invoices()).toHaveLength(0);
  });

  it('keeps under Xero’s 60 calls a minute per organisation, across processes', async () => {
    const shop = await connectedShop();
    const order = await shop.place();
    const { id } = await recordOf(shop.merchantId, order.id);
    const minute = new Date(Math.floor(world.t.deps.now().getTime() / 60_000) * 60_000);
    await db()
      .insert(accountingRateWindows)
      .values({ provider: 'xero', tenantId: shop.tenantId, windowStart: minute, calls: 60 })
      .onConflictDoUpdate({
        target: [accountingRateWindows.provider, accountingRateWindows.tenantId],
        set: { windowStart: minute, calls: 60 },
      });
    const callsBefore = world.standIn.requests.length;
    expect(await sync().run(id)).toBe('deferred');
    expect(world.standIn.requests.length).toBe(callsBefore);
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({ status: 'PENDING', attempts: 0 });
  });

  it('sends nothing until the sales account and tax rates are chosen', async () => {
    const shop = await connectedShop({ sales_account_code: null });
    const order = await shop.place();
    await sync().run((await recordOf(shop.merchantId, order.id)).id);
    expect(shop.invoices()).toHaveLength(0);
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({
      status: 'FAILED',
      lastError: 'Choose the sales account and the GST and GST-free tax rates in the settings, then retry.',
    });
  });

  it('records nothing for a merchant with no connection', async () => {
    const shop = await cart.shop();
    await cart.placeOrderOf({
      merchantId: shop.merchantId,
      side: shop.alpha,
      productId: shop.coffee.id,
      methodId: shop.method.id,
    });
    expect(await recordsOf(shop.merchantId)).toEqual([]);
  });

  it('asks to reconnect when Xero refuses the grant, and sends what failed once reconnected', async () => {
    const shop = await connectedShop();
    const order = await shop.place();
    const { id } = await recordOf(shop.merchantId, order.id);
    world.standIn.revokeAll();
    expect(await sync().run(id)).toBe('sent');
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({
      status: 'FAILED',
      lastError: 'Xero no longer accepts the connection: connect again, then retry.',
    });
    const settings = await kit.api('GET', xeroSettingsPath(shop.merchantId), shop.admin.headers);
    expect(settings.json()).toMatchObject({ status: 'NEEDS_RECONNECT' });

    const { code, state } = await kit.consent(shop.merchantId, shop.admin.headers);
    const done = await kit.complete(shop.merchantId, shop.admin.headers, { code, state });
    expect(done.json()).toMatchObject({ status: 'CONNECTED' });
    expect(await recordOf(shop.merchantId, order.id)).toMatchObject({ status: 'PENDING', revision: 2 });
    expect(await queuedJobs(id)).toHaveLength(2);
    await sync().run(id);
    expect(shop.invoices()).toHaveLength(1);
  });

  it('answers another merchant’s record as not found, and changes nothing', async () => {
    const shop = await connectedShop();
    const other = await connectedShop();
    const order = await other.place();
    const { id } = await recordOf(other.merchantId, order.id);
    const response = await kit.api(
      'POST',
      `${xeroSettingsPath(shop.merchantId)}/sync/${id}/retry`,
      shop.admin.headers,
    );
    expect(response.statusCode).toBe(404);
    expect(await recordOf(other.merchantId, order.id)).toMatchObject({ revision: 1, status: 'PENDING' });
  });
});
