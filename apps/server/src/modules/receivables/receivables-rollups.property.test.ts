import { isOverdue, PAYMENT_METHODS } from '@tradeport/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../platform/errors.ts';
import {
  customerAccounts,
  orderLines,
  orders,
  organisations,
  payments,
} from '../../platform/db/schema/index.ts';
import { createTestApp, createTestProduct, type TestApp } from '../../testing/index.ts';
import { createPricedTestOrder } from '../order-documents/order-documents.testing.ts';
import { recordPayment, settleCardPayment } from '../payments/payment-ledger.ts';
import { lockPayment } from '../payments/payment-ledger.queries.ts';
import { refundPaymentInTransaction, voidPaymentInTransaction } from '../payments/payment-reversals.ts';
import { sumOutstandingByDueDate } from './outstanding.queries.ts';
import { receivablesKit } from './receivables.testing.ts';
import {
  sumOverdue,
  sumOwedByDueDate,
  sumReceivedByMethodAndDayRollup,
} from './receivables-rollups.queries.ts';
import { sumReceivedByMethodAndDay } from './received.queries.ts';
import { sumProductSalesFromLines } from '../reports/product-sales-rollups.queries.ts';
import { sumSalesByDay, sumSalesByDayFromOrders } from '../reports/sales-rollups.queries.ts';
import { sumSalesRows } from '../reports/sales-rows.queries.ts';
import { compactRollups } from './rollups-compaction.job.ts';

// The overview's rollups and the sales and product sales rollups (kept by triggers, folded by a
// compaction) against the direct aggregates over orders, lines and payments, which define them:
// after any sequence of placing, paying (in part, in full, more than owed), settling, refunding,
// voiding, cancelling, editing totals, lines, due dates (one order, or many in one statement) and
// when an order was placed,
// deleting, flipping a customer's tracking and moving the merchant to another time zone, both
// reads give the same rows, and compacting never changes them. Runs on PGlite, and on PostgreSQL with
// DATABASE_URL (where the concurrent writers below are really concurrent).

let t: TestApp;
const { merchantWithCustomers } = receivablesKit(() => t);
let shop: Awaited<ReturnType<typeof merchantWithCustomers>>;
let accounts: string[];

beforeAll(async () => {
  t = await createTestApp();
  shop = await merchantWithCustomers();
  accounts = [shop.cafe.id, shop.bistro.id, shop.untracked.id];
});
afterAll(() => t.close());

const DUE_DATES = ['2026-02-27', '2026-03-15', '2026-03-31', '2026-04-30'];
const PAID_ON = ['2026-03-01', '2026-03-20', '2026-03-31'];
/** Wide enough for every day paid on. */
const RECEIVED_RANGE = { from: '2026-01-01', to: '2027-01-01' };
/** Wide enough for every order placed (30 days before DUE_DATES), in a zone of half hours. */
const SALES_RANGE = { from: '2025-01-01', to: '2027-01-01', timeZone: 'Australia/Adelaide' };

/** Days the merchant home's overdue figures are read as of: on, and either side of, a due date. */
const OVERDUE_AS_OF = ['2026-02-27', '2026-02-28', '2026-03-31', '2026-04-01', '2026-05-01'];

/** Of the direct owed rows, what is overdue as of `today`, as the contract's isOverdue says. */
function overdueOf(owed: { dueDate: string; count: number; cents: number }[], today: string) {
  const overdue = owed.filter((day) => isOverdue({ dueDate: day.dueDate, today }));
  return {
    count: overdue.reduce((sum, day) => sum + day.count, 0),
    cents: overdue.reduce((sum, day) => sum + day.cents, 0),
  };
}

const byKey = <T extends Record<string, unknown>>(rows: T[]) =>
  rows.map((row) => JSON.stringify(Object.entries(row).sort())).sort();

/** What each product sold in the merchant's zone over SALES_RANGE, from the report's read. */
async function productSalesRollup(merchantId: string, timeZone: string) {
  const { rows } = await sumSalesRows(t.database.db, {
    merchantId,
    timeZone,
    from: SALES_RANGE.from,
    to: SALES_RANGE.to,
    groupBy: 'product',
    limit: null,
  });
  return rows
    .map((row) => ({
      productId: row.id!,
      lineCount: row.count,
      quantity: row.quantity,
      subtotalCents: row.subtotalCents,
      gstCents: row.gstCents,
    }))
    .sort((a, b) => a.productId.localeCompare(b.productId));
}

/** Both reads, the rollups' and the direct aggregates', for the merchant. */
async function readBoth() {
  const { db } = t.database;
  const merchantId = shop.merchant.id;
  const [{ timeZone }] = (await db
    .select({ timeZone: organisations.timeZone })
    .from(organisations)
    .where(eq(organisations.id, merchantId))) as [{ timeZone: string }];
  const productRange = { merchantId, timeZone, from: SALES_RANGE.from, to: SALES_RANGE.to };
  const [owed, owedDirect, received, receivedDirect, sales, salesDirect, products, productsDirect] =
    await Promise.all([
      sumOwedByDueDate(db, { merchantId }),
      sumOutstandingByDueDate(db, { merchantId }),
      sumReceivedByMethodAndDayRollup(db, { merchantId, ...RECEIVED_RANGE }),
      sumReceivedByMethodAndDay(db, { merchantId, ...RECEIVED_RANGE }),
      sumSalesByDay(db, { merchantId, ...SALES_RANGE }),
      sumSalesByDayFromOrders(db, { merchantId, ...SALES_RANGE }),
      productSalesRollup(merchantId, timeZone),
      sumProductSalesFromLines(db, productRange),
    ]);
  const overdue = await Promise.all(OVERDUE_AS_OF.map((today) => sumOverdue(db, { merchantId, today })));
  return {
    rollups: { owed: byKey(owed), overdue, received: byKey(received), sales, products },
    direct: {
      owed: byKey(owedDirect),
      overdue: OVERDUE_AS_OF.map((today) => overdueOf(owedDirect, today)),
      received: byKey(receivedDirect),
      sales: salesDirect,
      products: productsDirect,
    },
  };
}

/** The most rows either read gave, over the whole run. */
const largest = { owed: 0, overdue: 0, received: 0, sales: 0, products: 0, gstFree: 0 };

async function expectRollupsEqualDirect() {
  const { rollups, direct } = await readBoth();
  expect(rollups).toEqual(direct);
  largest.owed = Math.max(largest.owed, rollups.owed.length);
  largest.overdue = Math.max(largest.overdue, ...rollups.overdue.map((day) => day.count));
  largest.received = Math.max(largest.received, rollups.received.length);
  largest.products = Math.max(largest.products, rollups.products.length);
  largest.gstFree = Math.max(
    largest.gstFree,
    rollups.sales.reduce((sum, day) => sum + day.gstFreeCents, 0),
  );
  largest.sales = Math.max(
    largest.sales,
    rollups.sales.reduce((sum, day) => sum + day.orderCount, 0),
  );
  return rollups;
}

type Step =
  | { kind: 'place'; account: number; due: number; cents: number; status: 'PROCESSING' | 'CANCELLED' }
  | {
      kind: 'pay';
      order: number;
      share: number;
      extra: number;
      method: number;
      paidOn: number;
      state: number;
    }
  | { kind: 'settle'; payment: number; succeeded: boolean }
  | { kind: 'refund'; payment: number; share: number }
  | { kind: 'void'; payment: number }
  | { kind: 'cancel'; order: number }
  | { kind: 'editTotal'; order: number; cents: number }
  | { kind: 'editLine'; order: number; quantity: number; gstFree: boolean }
  | { kind: 'zone'; timeZone: string }
  | { kind: 'movePlaced'; order: number; hours: number }
  | { kind: 'placeLinesFirst'; hours: number; gstFree: boolean; cancelled: boolean }
  | { kind: 'moveDue'; order: number; due: number }
  | { kind: 'moveAllDue'; account: number; due: number }
  | { kind: 'delete'; order: number }
  | { kind: 'flip'; account: number }
  | { kind: 'compact' };

const index = fc.nat({ max: 50 });
const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
// Placing and paying most often, so that the other writes find orders and payments to act on.
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  weighted(
    4,
    fc.record({
      kind: fc.constant('place' as const),
      account: fc.nat({ max: 2 }),
      due: fc.nat({ max: DUE_DATES.length - 1 }),
      cents: fc.integer({ min: 1, max: 50_000 }),
      status: fc.constantFrom('PROCESSING' as const, 'PROCESSING' as const, 'CANCELLED' as const),
    }),
  ),
  weighted(
    4,
    fc.record({
      kind: fc.constant('pay' as const),
      order: index,
      // Of what the order owes, in hundredths: 100 pays it in full.
      share: fc.integer({ min: 1, max: 100 }),
      // Paid on top, left over as account credit.
      extra: fc.constantFrom(0, 0, 0, 1_000),
      method: fc.nat({ max: PAYMENT_METHODS.length - 1 }),
      paidOn: fc.nat({ max: PAID_ON.length - 1 }),
      state: fc.nat({ max: 4 }),
    }),
  ),
  fc.record({ kind: fc.constant('settle' as const), payment: index, succeeded: fc.boolean() }),
  fc.record({
    kind: fc.constant('refund' as const),
    payment: index,
    share: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({ kind: fc.constant('void' as const), payment: index }),
  fc.record({ kind: fc.constant('cancel' as const), order: index }),
  fc.record({
    kind: fc.constant('editTotal' as const),
    order: index,
    cents: fc.integer({ min: 1, max: 60_000 }),
  }),
  fc.record({
    kind: fc.constant('editLine' as const),
    order: index,
    quantity: fc.integer({ min: 1, max: 9 }),
    gstFree: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('placeLinesFirst' as const),
    hours: fc.constantFrom(0, 0, -30, 20),
    gstFree: fc.boolean(),
    cancelled: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('movePlaced' as const),
    order: index,
    hours: fc.integer({ min: -72, max: 72 }),
  }),
  fc.record({
    kind: fc.constant('zone' as const),
    timeZone: fc.constantFrom('Australia/Sydney', 'Australia/Perth', 'Pacific/Auckland'),
  }),
  fc.record({
    kind: fc.constant('moveDue' as const),
    order: index,
    due: fc.nat({ max: DUE_DATES.length - 1 }),
  }),
  fc.record({
    kind: fc.constant('moveAllDue' as const),
    account: fc.nat({ max: 2 }),
    due: fc.nat({ max: DUE_DATES.length - 1 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), order: index }),
  fc.record({ kind: fc.constant('flip' as const), account: fc.nat({ max: 2 }) }),
  fc.record({ kind: fc.constant('compact' as const) }),
);

/** Payment methods the ledger records by hand (Account Credit needs a credit, Stripe a card). */
const RECORDED_METHODS = PAYMENT_METHODS.filter((method) => method !== 'ACCOUNT_CREDIT');

async function merchantOrders() {
  return t.database.db
    .select()
    .from(orders)
    .where(eq(orders.merchantId, shop.merchant.id))
    .orderBy(orders.number);
}

async function merchantPayments() {
  return t.database.db
    .select()
    .from(payments)
    .where(eq(payments.merchantId, shop.merchant.id))
    .orderBy(payments.number);
}

/** The ledger's refusals (a void of a refunded payment, a refund of a failed one) are expected. */
async function unlessRefused(write: () => Promise<unknown>) {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

async function run(step: Step) {
  const { db } = t.database;
  const { jobs } = t;
  const merchantId = shop.merchant.id;
  const pick = <T>(rows: T[], at: number) => (rows.length ? rows[at % rows.length] : undefined);
  switch (step.kind) {
    case 'place': {
      await shop.order(
        [shop.cafe, shop.bistro, shop.untracked][step.account]!,
        step.status === 'CANCELLED'
          ? { dueDate: DUE_DATES[step.due]!, exGstCents: step.cents, status: 'CANCELLED' }
          : { dueDate: DUE_DATES[step.due]!, exGstCents: step.cents },
      );
      return;
    }
    case 'pay': {
      const owing = (await merchantOrders()).filter(
        (order) => order.paidCents < order.totalCents && order.status !== 'CANCELLED',
      );
      const order = pick(owing, step.order);
      if (!order) return;
      const amount = Math.max(1, Math.floor(((order.totalCents - order.paidCents) * step.share) / 100));
      const state = (['SUCCESSFUL', 'SUCCESSFUL', 'PROCESSING', 'UPCOMING', 'SUCCESSFUL'] as const)[
        step.state
      ]!;
      await unlessRefused(() =>
        recordPayment(db, {
          jobs,
          merchantId,
          customerAccountId: order.customerAccountId,
          method: RECORDED_METHODS[step.method % RECORDED_METHODS.length]!,
          state,
          amountCents: amount + step.extra,
          paidOn: PAID_ON[step.paidOn]!,
          idempotencyKey: null,
          recordedByUserId: null,
          allocations: [{ orderId: order.id, amountCents: amount }],
        }),
      );
      return;
    }
    case 'settle': {
      const payment = pick(
        (await merchantPayments()).filter((row) => row.state === 'PROCESSING'),
        step.payment,
      );
      if (!payment) return;
      await unlessRefused(() =>
        db.transaction((tx) =>
          settleCardPayment(tx, {
            jobs,
            paymentId: payment.id,
            state: step.succeeded ? 'SUCCESSFUL' : 'FAILED',
          }),
        ),
      );
      return;
    }
    case 'refund': {
      const payment = pick(
        (await merchantPayments()).filter((row) => row.state === 'SUCCESSFUL' || row.state === 'REFUNDED'),
        step.payment,
      );
      if (!payment || payment.refundedCents >= payment.amountCents) return;
      const left = payment.amountCents - payment.refundedCents;
      await unlessRefused(() =>
        db.transaction(async (tx) =>
          refundPaymentInTransaction(tx, {
            jobs,
            payment: (await lockPayment(tx, { paymentId: payment.id }))!,
            amountCents: Math.max(1, Math.floor((left * step.share) / 100)),
            reason: null,
            idempotencyKey: null,
            refundedByUserId: null,
          }),
        ),
      );
      return;
    }
    case 'void': {
      const payment = pick(await merchantPayments(), step.payment);
      if (!payment) return;
      await unlessRefused(() =>
        db.transaction(async (tx) =>
          voidPaymentInTransaction(tx, {
            jobs,
            payment: (await lockPayment(tx, { paymentId: payment.id }))!,
            at: new Date(),
          }),
        ),
      );
      return;
    }
    case 'editLine': {
      // A line's quantity and GST changed in place (the figures a line edit writes).
      const order = pick(await merchantOrders(), step.order);
      if (!order) return;
      await db
        .update(orderLines)
        .set({
          quantity: step.quantity,
          subtotalCents: sql`${orderLines.unitPriceCents} * ${step.quantity}`,
          gstRateBasisPoints: step.gstFree ? 0 : 1_000,
          gstCents: step.gstFree ? 0 : sql`(${orderLines.unitPriceCents} * ${step.quantity} + 5) / 10`,
        })
        .where(eq(orderLines.orderId, order.id));
      return;
    }
    case 'placeLinesFirst': {
      // As placing writes an order: its lines first (their key to it deferred), written at the
      // instant it is placed, or, to prove the order corrects them, at another.
      const placedAt = new Date('2026-02-27T13:30:00Z');
      const orderId = randomUUID();
      await db.transaction(async (tx) => {
        const product = await createTestProduct(tx, { merchantId });
        const writtenAt = new Date(placedAt.getTime() + step.hours * 3_600_000);
        await tx.insert(orderLines).values({
          merchantId,
          orderId,
          productId: product.id,
          position: 0,
          name: product.name,
          sku: product.sku,
          quantity: 2,
          unitPriceCents: 1_250,
          gstRateBasisPoints: step.gstFree ? 0 : 1_000,
          subtotalCents: 2_500,
          gstCents: step.gstFree ? 0 : 250,
          createdAt: writtenAt,
          updatedAt: writtenAt,
        });
        await createPricedTestOrder(tx, {
          id: orderId,
          merchantId,
          customerAccountId: shop.cafe.id,
          lines: [],
          dueDate: DUE_DATES[0]!,
          placedAt,
          ...(step.cancelled ? { status: 'CANCELLED' as const } : {}),
        });
      });
      return;
    }
    case 'movePlaced': {
      // Placed at another time (hours either way: across days, in every zone).
      const order = pick(await merchantOrders(), step.order);
      if (!order) return;
      await db
        .update(orders)
        .set({ placedAt: new Date(order.placedAt.getTime() + step.hours * 3_600_000) })
        .where(eq(orders.id, order.id));
      return;
    }
    case 'zone': {
      await db.update(organisations).set({ timeZone: step.timeZone }).where(eq(organisations.id, merchantId));
      return;
    }
    case 'cancel':
    case 'editTotal':
    case 'moveDue':
    case 'delete': {
      const order = pick(await merchantOrders(), step.order);
      if (!order) return;
      if (step.kind === 'cancel') {
        await db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, order.id));
      } else if (step.kind === 'editTotal') {
        // Lines edited: a new total, which may now be below what was paid.
        await db.update(orders).set({ totalCents: step.cents }).where(eq(orders.id, order.id));
      } else if (step.kind === 'moveDue') {
        await db.update(orders).set({ dueDate: DUE_DATES[step.due]! }).where(eq(orders.id, order.id));
      } else {
        // Only an order nothing was paid against can go (allocations keep it otherwise).
        await db.transaction(async (tx) => {
          const [allocated] = (
            (await tx.execute(
              sql`select count(*)::int as n from payment_allocations where order_id = ${order.id}`,
            )) as unknown as { rows: { n: number }[] }
          ).rows;
          if (Number(allocated!.n) > 0) return;
          await tx.execute(sql`delete from order_lines where order_id = ${order.id}`);
          await tx.execute(sql`delete from order_events where order_id = ${order.id}`);
          await tx.execute(sql`delete from payment_links where order_id = ${order.id}`);
          await tx.delete(orders).where(eq(orders.id, order.id));
        });
      }
      return;
    }
    case 'moveAllDue': {
      // One statement, many rows: the triggers see them all at once.
      await db
        .update(orders)
        .set({ dueDate: DUE_DATES[step.due]! })
        .where(eq(orders.customerAccountId, accounts[step.account]!));
      return;
    }
    case 'flip': {
      await db
        .update(customerAccounts)
        .set({ isPaymentsEnabled: sql`not ${customerAccounts.isPaymentsEnabled}` })
        .where(eq(customerAccounts.id, accounts[step.account]!));
      return;
    }
    case 'compact': {
      const before = await expectRollupsEqualDirect();
      await compactRollups(db);
      expect(await expectRollupsEqualDirect()).toEqual(before);
      return;
    }
  }
}

describe('the payments overview rollups', () => {
  // Up to 12 sequences of 25 writes, each checked against the direct aggregates: its time is its
  // work's, which a busy machine stretches past the default 20 s.
  it(
    'equal the direct aggregates after any sequence of writes, compacted or not',
    { timeout: 90_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 25 }), async (steps) => {
          for (const step of steps) {
            await run(step);
            await expectRollupsEqualDirect();
          }
        }),
        {
          numRuns: 12,
          // One sequence that surely owes and receives on two days each, besides the random ones
          // (which may, by chance, all be short): the checks below then never fail on luck.
          examples: [
            [
              [
                { kind: 'place', account: 0, due: 0, cents: 10_000, status: 'PROCESSING' },
                { kind: 'place', account: 1, due: 1, cents: 20_000, status: 'PROCESSING' },
                { kind: 'pay', order: 0, share: 50, extra: 0, method: 0, paidOn: 0, state: 0 },
                { kind: 'pay', order: 0, share: 50, extra: 0, method: 0, paidOn: 1, state: 0 },
                { kind: 'editLine', order: 1, quantity: 3, gstFree: true },
                { kind: 'movePlaced', order: 1, hours: 30 },
                { kind: 'placeLinesFirst', hours: 0, gstFree: true, cancelled: false },
                { kind: 'placeLinesFirst', hours: -30, gstFree: false, cancelled: false },
                { kind: 'placeLinesFirst', hours: 20, gstFree: true, cancelled: true },
                { kind: 'zone', timeZone: 'Pacific/Auckland' },
                { kind: 'compact' },
              ],
            ],
          ],
        },
      );
      // The sequences did move money, owed and received on several days: not empty worlds compared.
      expect(largest.owed).toBeGreaterThan(1);
      expect(largest.overdue).toBeGreaterThan(1);
      expect(largest.received).toBeGreaterThan(1);
      expect(largest.sales).toBeGreaterThan(1);
      expect(largest.products).toBeGreaterThan(1);
      expect(largest.gstFree).toBeGreaterThan(0);
    },
  );

  it('fold every change into the totals, leaving none pending and no empty totals', async () => {
    const { db } = t.database;
    const before = await expectRollupsEqualDirect();
    await compactRollups(db);
    const rows = (sqlText: string) =>
      db
        .execute(sql.raw(sqlText))
        .then((result) => (result as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect(Number(await rows('select count(*) as n from receivables_owed_changes'))).toBe(0);
    expect(Number(await rows('select count(*) as n from receivables_received_changes'))).toBe(0);
    expect(Number(await rows('select count(*) as n from sales_changes'))).toBe(0);
    expect(Number(await rows('select count(*) as n from sales_totals where order_count = 0'))).toBe(0);
    expect(Number(await rows('select count(*) as n from sales_product_changes'))).toBe(0);
    expect(Number(await rows('select count(*) as n from sales_product_totals where line_count = 0'))).toBe(0);
    // Every day's row is in its month's and year's.
    expect(await rows(`select count(distinct level)::int as n from sales_product_totals`)).toBe(3);
    expect(
      Number(await rows('select count(*) as n from receivables_owed_totals where order_count = 0')),
    ).toBe(0);
    expect(
      Number(await rows('select count(*) as n from receivables_received_totals where payment_count = 0')),
    ).toBe(0);
    expect(await expectRollupsEqualDirect()).toEqual(before);
  });
});
