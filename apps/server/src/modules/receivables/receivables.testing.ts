import { addDays, type Customer, type PaymentMethod, type PaymentState } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { credits, paymentRefunds, payments } from '../../platform/db/schema/index.ts';
import type { TestApp } from '../../testing/index.ts';
import { customerTestKit, type Headers } from '../customers/customers.testing.ts';
import { createPricedTestOrder } from '../order-documents/order-documents.testing.ts';
import { recordPayment, settleCardPayment } from '../payments/payment-ledger.ts';
import { lockPayment, takeNumber } from '../payments/payment-ledger.queries.ts';
import { insertCredit as insertLedgerCredit, markCreditVoided } from '../payments/credit-ledger.queries.ts';
import { refundPaymentInTransaction, voidPaymentInTransaction } from '../payments/payment-reversals.ts';

// Receivables' fixtures. Payments, refunds and credits go through the payments ledger (pay-core's
// payment-ledger.ts), so orders.paid_cents, overpayment credit and credit remaining are what the
// product keeps; only their dates are set afterwards, as a statement's tests need them in the past.

/** Tuesday 31 March 2026, 11:00 in Sydney (AEDT): "today" for the merchant is 2026-03-31. */
export const NOW = new Date('2026-03-31T00:00:00Z');
export const TODAY = '2026-03-31';

export type TestPayment = {
  merchantId: string;
  customerAccountId: string;
  amountCents: number;
  paidOn: string;
  method?: PaymentMethod;
  /** SUCCESSFUL unless said; FAILED is a card payment that failed, VOIDED one recorded then voided. */
  state?: Extract<PaymentState, 'SUCCESSFUL' | 'PROCESSING' | 'FAILED' | 'VOIDED'>;
  reference?: string | null;
  allocations?: { orderId: string; amountCents: number }[];
  creditId?: string;
  createdAt?: Date;
};

/** A payment recorded by the ledger: what its allocations leave over becomes overpayment credit. */
export async function insertPayment(t: TestApp, options: TestPayment) {
  const { db } = t.database;
  const state = options.state ?? 'SUCCESSFUL';
  const { paymentId } = await recordPayment(db, {
    jobs: t.jobs,
    merchantId: options.merchantId,
    customerAccountId: options.customerAccountId,
    method: options.method ?? 'BANK_TRANSFER',
    state: state === 'VOIDED' ? 'SUCCESSFUL' : state === 'FAILED' ? 'PROCESSING' : state,
    amountCents: options.amountCents,
    paidOn: options.paidOn,
    reference: options.reference ?? null,
    idempotencyKey: null,
    recordedByUserId: null,
    allocations: options.allocations ?? [],
    creditId: options.creditId,
  });
  if (state === 'FAILED') {
    await db.transaction((tx) => settleCardPayment(tx, { jobs: t.jobs, paymentId, state: 'FAILED' }));
  }
  if (state === 'VOIDED') {
    await db.transaction(async (tx) => {
      const payment = await lockPayment(tx, { paymentId });
      await voidPaymentInTransaction(tx, { jobs: t.jobs, payment: payment!, at: new Date() });
    });
  }
  if (options.createdAt) {
    await db.update(payments).set({ createdAt: options.createdAt }).where(eq(payments.id, paymentId));
  }
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return payment!;
}

/** A refund by the ledger (from overpayment credit first, then the newest allocations), dated `at`. */
export async function refundPayment(
  t: TestApp,
  options: { paymentId: string; amountCents: number; at: Date },
) {
  const { db } = t.database;
  await db.transaction(async (tx) => {
    const payment = await lockPayment(tx, { paymentId: options.paymentId });
    await refundPaymentInTransaction(tx, {
      jobs: t.jobs,
      payment: payment!,
      amountCents: options.amountCents,
      reason: 'Damaged stock',
      idempotencyKey: null,
      refundedByUserId: null,
    });
  });
  await db
    .update(paymentRefunds)
    .set({ createdAt: options.at })
    .where(eq(paymentRefunds.paymentId, options.paymentId));
}

/** A credit issued to the customer (numbered by the ledger), optionally voided as the ledger voids. */
export async function insertCredit(
  t: TestApp,
  options: {
    merchantId: string;
    customerAccountId: string;
    amountCents: number;
    source?: 'MANUAL' | 'ORDER_ADJUSTMENT';
    reason?: string;
    createdAt?: Date;
    voidedAt?: Date;
  },
) {
  const { db } = t.database;
  const creditId = await db.transaction(async (tx) => {
    const id = await insertLedgerCredit(tx, {
      merchantId: options.merchantId,
      customerAccountId: options.customerAccountId,
      number: await takeNumber(tx, { merchantId: options.merchantId, kind: 'credit' }),
      source: options.source ?? 'MANUAL',
      reason: options.reason ?? 'Goodwill',
      amountCents: options.amountCents,
      remainingCents: options.amountCents,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    });
    if (options.voidedAt) await markCreditVoided(tx, { creditId: id!, at: options.voidedAt });
    return id!;
  });
  const [credit] = await db.select().from(credits).where(eq(credits.id, creditId));
  return credit!;
}

/** Applies a credit to an order: a payment by Account Credit, which the ledger takes from it. */
export async function applyCredit(
  t: TestApp,
  options: {
    merchantId: string;
    customerAccountId: string;
    creditId: string;
    orderId: string;
    amountCents: number;
    paidOn: string;
  },
) {
  return insertPayment(t, {
    merchantId: options.merchantId,
    customerAccountId: options.customerAccountId,
    amountCents: options.amountCents,
    paidOn: options.paidOn,
    method: 'ACCOUNT_CREDIT',
    creditId: options.creditId,
    allocations: [{ orderId: options.orderId, amountCents: options.amountCents }],
  });
}

/** A merchant (Sydney) with two tracked customers, one untracked, their people signed in. */
export function receivablesKit(app: () => TestApp) {
  const kit = customerTestKit(app);
  const db = () => app().database.db;

  async function track(
    merchant: { id: string; headers: Headers },
    customerId: string,
    settings: { credit_limit_cents?: number | null; is_overdue_reminders_enabled?: boolean } = {},
  ) {
    const response = await kit.api(
      'PUT',
      `/organisations/${merchant.id}/customer/${customerId}/settings`,
      merchant.headers,
      {
        is_payments_enabled: true,
        payment_terms_days: 30,
        credit_limit_cents: settings.credit_limit_cents ?? null,
        ...(settings.is_overdue_reminders_enabled === undefined
          ? {}
          : { is_overdue_reminders_enabled: settings.is_overdue_reminders_enabled }),
      },
    );
    expect(response.statusCode, response.body).toBe(200);
  }

  async function merchantWithCustomers(title = 'Harbourside Wholesale') {
    const { merchant, admin, base } = await kit.newMerchant(title);
    const headers = admin.headers;
    const cafe = await kit.addCustomer(base, headers, { title: 'Bean There Café' });
    const bistro = await kit.addCustomer(base, headers, { title: 'The Corner Bistro' });
    const untracked = await kit.addCustomer(base, headers, { title: 'Untracked Deli' });
    await track({ id: merchant.id, headers }, cafe.id, { credit_limit_cents: 100_000 });
    await track({ id: merchant.id, headers }, bistro.id);
    const cafePerson = await kit.memberOf(cafe.organisation_id, 'User');
    const staff = await kit.memberOf(merchant.id, 'User');

    /** An order of `customer` due on `dueDate` for `totalCents`-ish (one line at 10 % GST). */
    const order = (
      customer: Customer,
      options: { dueDate: string; exGstCents: number; placedAt?: Date; status?: 'CANCELLED' | 'COMPLETED' },
    ) =>
      createPricedTestOrder(db(), {
        merchantId: merchant.id,
        customerAccountId: customer.id,
        customerName: customer.title,
        lines: [{ quantity: 1, unitPriceCents: options.exGstCents }],
        dueDate: options.dueDate,
        placedAt: options.placedAt ?? new Date(`${addDays(options.dueDate, -30)}T01:00:00Z`),
        ...(options.status ? { status: options.status } : {}),
      });

    return {
      merchant,
      admin,
      staff,
      headers,
      cafe,
      bistro,
      untracked,
      cafePerson,
      order,
      track: (id: string, settings = {}) => track({ id: merchant.id, headers }, id, settings),
    };
  }

  return { ...kit, merchantWithCustomers };
}
