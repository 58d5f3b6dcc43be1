import { randomUUID } from 'node:crypto';
import { computeOrderTotals, type Credit, type CreditSummary, type Payment } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { paymentTestKit } from '../payments/payments.testing.ts';
import { fingerprint } from '../system/endpoint-access.testing.ts';

// Account credits: issued with a reason or as an adjustment note (its GST the contract's), applied
// to orders as payments by Account Credit without ever overdrawing, voided while unspent.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kit = paymentTestKit(() => t);
const { payingShop, post, ok, getOrder, send } = kit;

type Shop = Awaited<ReturnType<typeof payingShop>>;

const creditsUrl = (organisationId: string) => `/credits/organisation/${organisationId}`;
const creditUrl = (organisationId: string, creditId: string) =>
  `${creditsUrl(organisationId)}/credit/${creditId}`;

const issue = (shop: Shop, amountCents: number, key?: string) =>
  post(
    creditsUrl(shop.merchant.id),
    shop.admin.headers,
    {
      customer_organisation_id: shop.customer.organisation_id,
      amount_cents: amountCents,
      reason: 'Damaged delivery',
    },
    key,
  );
const apply = (shop: Shop, creditId: string, allocations: { order_id: string; amount_cents: number }[]) =>
  post(`${creditUrl(shop.merchant.id, creditId)}/apply`, shop.admin.headers, { allocations });

describe('issuing a credit', () => {
  it('issues a MANUAL credit once per key, which its customer reads and others cannot', async () => {
    const shop = await payingShop();
    const key = randomUUID();
    const credit = await ok<Credit>(issue(shop, 5_000, key), 201);
    expect(credit).toMatchObject({
      number: 1,
      source: 'MANUAL',
      status: 'AVAILABLE',
      reason: 'Damaged delivery',
      amount_cents: 5_000,
      gst_cents: 0,
      remaining_cents: 5_000,
      created_by_name: 'Ada Admin',
      can_void: true,
      lines: [],
      applications: [],
    });
    const replay = await issue(shop, 5_000, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(credit.id);

    const own = await ok<{ items: CreditSummary[] }>(
      send('GET', creditsUrl(shop.customer.organisation_id), shop.customerPerson.headers),
    );
    expect(own.items.map((c) => c.id)).toEqual([credit.id]);
    const seen = await ok<Credit>(
      send('GET', creditUrl(shop.customer.organisation_id, credit.id), shop.customerPerson.headers),
    );
    expect(seen.can_void).toBe(false);
    expect(
      (await send('GET', creditUrl(shop.other.organisation_id, credit.id), shop.otherPerson.headers))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(creditsUrl(shop.customer.organisation_id), shop.customerPerson.headers, {})).statusCode,
    ).toBe(403);
    const noReason = await post(creditsUrl(shop.merchant.id), shop.admin.headers, {
      customer_organisation_id: shop.customer.organisation_id,
      amount_cents: 100,
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(400);
  });

  it('lists and searches credits newest first by number, reason or customer, with filters', async () => {
    const shop = await payingShop();
    const first = await ok<Credit>(issue(shop, 1_000), 201);
    const second = await ok<Credit>(issue(shop, 2_000), 201);
    await ok(post(`${creditUrl(shop.merchant.id, second.id)}/void`, shop.admin.headers));
    const page = async (query: string, path = '') =>
      await ok<{ items: CreditSummary[]; next_cursor: string | null }>(
        send('GET', `${creditsUrl(shop.merchant.id)}${path}?${query}`, shop.admin.headers),
      );
    expect((await page('')).items.map((c) => c.id)).toEqual([second.id, first.id]);
    const one = await page('limit=1');
    expect(one.items.map((c) => c.id)).toEqual([second.id]);
    expect((await page(`limit=1&cursor=${one.next_cursor}`)).items.map((c) => c.id)).toEqual([first.id]);
    expect((await page('is_available=true')).items.map((c) => c.id)).toEqual([first.id]);
    expect((await page('q=%231', '/search')).items.map((c) => c.id)).toEqual([first.id]);
    expect((await page('q=damaged', '/search')).items).toHaveLength(2);
    expect((await page('q=bean%20there', '/search')).items).toHaveLength(2);
    expect((await page('source=OVERPAYMENT')).items).toEqual([]);
  });
});

describe('adjustment notes', () => {
  it('credits short-supplied lines at their charged prices, with the GST the contract computes for them', async () => {
    const shop = await payingShop();
    // Per-invoice rounding, so the note's GST is the order's own calculation, not a sum of lines.
    await t.database.db
      .update(organisations)
      .set({ gstRounding: 'PER_INVOICE' })
      .where(eq(organisations.id, shop.merchant.id));
    const order = await shop.order(
      [
        { productId: shop.products.milk.id, quantity: 7 },
        { productId: shop.products.beans.id, quantity: 3 },
        { productId: shop.products.bread.id, quantity: 2 },
      ],
      { status: 'SHIPPED' },
    );
    const charged = (productId: string) => order.lines.find((line) => line.productId === productId)!;
    const credit = await ok<Credit>(
      post(`${creditsUrl(shop.merchant.id)}/adjustment-note`, shop.admin.headers, {
        order_id: order.id,
        reason: 'Short-supplied',
        lines: [
          { product_id: shop.products.milk.id, quantity: 3 },
          { product_id: shop.products.beans.id, quantity: 1 },
          { product_id: shop.products.bread.id, quantity: 2 },
        ],
      }),
      201,
    );
    const expected = computeOrderTotals({
      lines: [
        { quantity: 3, product: charged(shop.products.milk.id) },
        { quantity: 1, product: charged(shop.products.beans.id) },
        { quantity: 2, product: charged(shop.products.bread.id) },
      ].map(({ quantity, product }) => ({
        quantity,
        unitPriceCents: product.unitPriceCents,
        gstRateBasisPoints: product.gstRateBasisPoints,
      })),
      deliveryFeeCents: 0,
      deliveryGstRateBasisPoints: 0,
      rounding: 'PER_INVOICE',
    });
    expect(credit).toMatchObject({
      source: 'ORDER_ADJUSTMENT',
      amount_cents: expected.totalCents,
      gst_cents: expected.gstCents,
      remaining_cents: expected.totalCents,
      order: { id: order.id, number: order.number, invoice_number: order.invoiceNumber },
    });
    // By name: Espresso Beans, Full Cream Milk, Sourdough Loaf.
    expect(
      credit.lines.map((line) => [line.sku, line.quantity, line.subtotal_cents, line.gst_cents]),
    ).toEqual([
      ['BEAN-1', 1, expected.lines[1]!.subtotalCents, expected.lines[1]!.gstCents],
      ['MLK-2', 3, expected.lines[0]!.subtotalCents, expected.lines[0]!.gstCents],
      ['BRD-7', 2, expected.lines[2]!.subtotalCents, 0],
    ]);
    expect(credit.lines.reduce((sum, line) => sum + line.gst_cents, 0)).toBe(credit.gst_cents);

    // What is left to credit: 4 milk, 2 beans, no bread; another order's product is no line of it.
    const before = await fingerprint(t);
    const refused = await post(`${creditsUrl(shop.merchant.id)}/adjustment-note`, shop.admin.headers, {
      order_id: order.id,
      reason: 'Again',
      lines: [
        { product_id: shop.products.milk.id, quantity: 5 },
        { product_id: shop.products.bread.id, quantity: 1 },
        { product_id: randomUUID(), quantity: 1 },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual([
      {
        path: 'body.lines.0.quantity',
        message: 'At most 4 of Full Cream Milk 2L can still be credited (7 charged)',
      },
      {
        path: 'body.lines.1.quantity',
        message: 'At most 0 of Sourdough Loaf can still be credited (2 charged)',
      },
      { path: 'body.lines.2.product_id', message: `Not a line of order #${order.number}` },
    ]);
    expect(await fingerprint(t)).toEqual(before);
  });
});

describe('applying a credit', () => {
  it('pays orders by Account Credit, and voiding the application gives the credit back', async () => {
    const shop = await payingShop();
    const credit = await ok<Credit>(issue(shop, 5_000), 201);
    const a = await shop.order([{ productId: shop.products.milk.id, quantity: 2 }]);
    const b = await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    const payment = await ok<Payment>(
      apply(shop, credit.id, [
        { order_id: a.id, amount_cents: a.totalCents },
        { order_id: b.id, amount_cents: 1_000 },
      ]),
      201,
    );
    expect(payment).toMatchObject({
      method: 'ACCOUNT_CREDIT',
      state: 'SUCCESSFUL',
      amount_cents: a.totalCents + 1_000,
      unallocated_cents: 0,
      reference: `Credit #${credit.number}`,
      applied_credit: { id: credit.id, remaining_cents: 5_000 - a.totalCents - 1_000 },
      overpayment_credit: null,
      refundable_cents: 0,
    });
    expect(await getOrder(a.id, shop.admin.headers)).toMatchObject({ payment_status: 'PAID' });
    const applied = await ok<Credit>(send('GET', creditUrl(shop.merchant.id, credit.id), shop.admin.headers));
    expect(applied).toMatchObject({ status: 'PARTLY_USED', can_void: false });
    expect(applied.applications).toHaveLength(1);
    expect(applied.applications[0]).toMatchObject({
      payment_id: payment.id,
      amount_cents: a.totalCents + 1_000,
    });
    expect(applied.applications[0]!.orders.map((o) => o.id).sort()).toEqual([a.id, b.id].sort());
    // More than remains: 409, nothing taken.
    const big = await shop.order([{ productId: shop.products.beans.id, quantity: 2 }]);
    const before = await fingerprint(t);
    const tooMuch = await apply(shop, credit.id, [
      { order_id: big.id, amount_cents: 5_000 - a.totalCents - 999 },
    ]);
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    expect(await fingerprint(t)).toEqual(before);

    await ok(
      post(`/payments/organisation/${shop.merchant.id}/payment/${payment.id}/void`, shop.admin.headers),
    );
    const restored = await ok<Credit>(
      send('GET', creditUrl(shop.merchant.id, credit.id), shop.admin.headers),
    );
    expect(restored).toMatchObject({ status: 'AVAILABLE', remaining_cents: 5_000, can_void: true });
    expect(await getOrder(a.id, shop.admin.headers)).toMatchObject({ payment_status: 'UNPAID' });
  });

  it('never overdraws a credit under 10 concurrent applications: exactly 5 of $10 from $50 succeed', async () => {
    const shop = await payingShop();
    const credit = await ok<Credit>(issue(shop, 5_000), 201);
    const order = await shop.order([{ productId: shop.products.beans.id, quantity: 4 }]);
    expect(order.totalCents).toBeGreaterThan(10_000);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => apply(shop, credit.id, [{ order_id: order.id, amount_cents: 1_000 }])),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([
      201, 201, 201, 201, 201, 409, 409, 409, 409, 409,
    ]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().message).toMatch(/Not enough of this credit remains/);
    }
    const after = await ok<Credit>(send('GET', creditUrl(shop.merchant.id, credit.id), shop.admin.headers));
    expect(after).toMatchObject({ remaining_cents: 0, status: 'USED' });
    expect(after.applications).toHaveLength(5);
    expect(await getOrder(order.id, shop.admin.headers)).toMatchObject({ paid_cents: 5_000 });
    expect((await kit.ledgerCounts(shop.merchant.id)).payments).toBe(5);
  });
});

describe('voiding a credit', () => {
  it('voids an unspent credit, and refuses a spent one, an overpayment’s, and applying a voided one', async () => {
    const shop = await payingShop();
    const unspent = await ok<Credit>(issue(shop, 1_000), 201);
    const voided = await ok<Credit>(
      post(`${creditUrl(shop.merchant.id, unspent.id)}/void`, shop.admin.headers),
    );
    expect(voided).toMatchObject({ status: 'VOIDED', remaining_cents: 0, can_void: false });
    const order = await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    const applyVoided = await apply(shop, unspent.id, [{ order_id: order.id, amount_cents: 100 }]);
    expect(applyVoided.statusCode).toBe(409);

    const spent = await ok<Credit>(issue(shop, 1_000), 201);
    await ok(apply(shop, spent.id, [{ order_id: order.id, amount_cents: 100 }]), 201);
    const payment = await kit.record(shop, kit.bankTransfer(shop, 300, []));
    const before = await fingerprint(t);
    for (const creditId of [spent.id, payment.overpayment_credit!.id]) {
      const response = await post(`${creditUrl(shop.merchant.id, creditId)}/void`, shop.admin.headers);
      expect(response.statusCode).toBe(409);
      expect(response.json().error_code).toBe('CONFLICT');
    }
    expect(await fingerprint(t)).toEqual(before);
  });
});
