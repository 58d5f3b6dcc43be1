import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, type OrderPayments, type Payment } from '@tradeport/contract';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { customerAccounts, organisations } from '../../platform/db/schema/index.ts';
import type { TestApp } from '../../testing/index.ts';
import type { Headers } from '../customers/customers.testing.ts';
import { orderTestKit } from '../orders/orders-test-kit.testing.ts';

/** A merchant with payments switched on and customers whose payments it tracks, for the payments tests. */
export function paymentTestKit(app: () => TestApp) {
  const kit = orderTestKit(app);
  const db = () => app().database.db;

  async function payingShop(title?: string) {
    const shop = await kit.shop(title);
    await db()
      .update(organisations)
      .set({ paymentsEnabled: true })
      .where(eq(organisations.id, shop.merchant.id));
    await db()
      .update(customerAccounts)
      .set({ isPaymentsEnabled: true })
      .where(eq(customerAccounts.merchantId, shop.merchant.id));
    return shop;
  }

  /** A POST with an Idempotency-Key (a new one unless given). */
  const post = (url: string, headers: Headers, body?: object, key: string = randomUUID()) =>
    kit.send('POST', url, { ...headers, [IDEMPOTENCY_KEY_HEADER]: key }, body);

  const paymentsUrl = (merchantId: string) => `/payments/organisation/${merchantId}`;
  const paymentUrl = (merchantId: string, paymentId: string) =>
    `/payments/organisation/${merchantId}/payment/${paymentId}`;

  async function ok<T>(call: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200) {
    const response = await call;
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  }

  /** A bank transfer recorded by the merchant's Admin, today, allocated as given. */
  function bankTransfer(
    shop: Awaited<ReturnType<typeof payingShop>>,
    amountCents: number,
    allocations: { order_id: string; amount_cents: number }[],
    overrides: Record<string, unknown> = {},
  ) {
    return {
      customer_organisation_id: shop.customer.organisation_id,
      method: 'BANK_TRANSFER',
      amount_cents: amountCents,
      paid_on: '2026-03-02',
      reference: 'EFT 4471',
      allocations,
      ...overrides,
    };
  }

  async function record(shop: Awaited<ReturnType<typeof payingShop>>, body: object, key?: string) {
    return ok<Payment>(post(paymentsUrl(shop.merchant.id), shop.admin.headers, body, key), 201);
  }

  async function orderPayments(orderId: string, headers: Headers) {
    return ok<OrderPayments>(kit.send('GET', `/payments/order/${orderId}`, headers));
  }

  /** How many payments, allocations, refunds and credits the merchant has. */
  async function ledgerCounts(merchantId: string) {
    const count = async (table: string) => {
      const result = (await db().execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where merchant_id = ${merchantId}`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    };
    return {
      payments: await count('payments'),
      allocations: await count('payment_allocations'),
      refunds: await count('payment_refunds'),
      credits: await count('credits'),
    };
  }

  /** Stops tracking a customer's payments (its orders become NOT_TRACKED). */
  async function untrack(merchantId: string, customerAccountId: string) {
    await db()
      .update(customerAccounts)
      .set({ isPaymentsEnabled: false })
      .where(and(eq(customerAccounts.merchantId, merchantId), eq(customerAccounts.id, customerAccountId)));
  }

  return {
    ...kit,
    payingShop,
    post,
    ok,
    paymentsUrl,
    paymentUrl,
    bankTransfer,
    record,
    orderPayments,
    ledgerCounts,
    untrack,
  };
}
