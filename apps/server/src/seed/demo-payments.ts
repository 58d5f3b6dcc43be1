import { dateInZone, type PaymentMethod } from '@tradeport/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client.ts';
import {
  credits,
  customerAccounts,
  orderLines,
  orders,
  organisations,
  payments,
  users,
} from '../platform/db/schema/index.ts';
import { createCreditWritesService } from '../modules/credits/credit-writes.service.ts';
import { type LedgerJobs, recordPaymentInTransaction } from '../modules/payments/payment-ledger.ts';
import { olderOrderNumber, recentOrderNumber } from './demo-orders.ts';

// Harbourside Wholesale's money, recorded through the payments ledger and the credits service as
// the screens record it, so every figure obeys the ledger's rules (paid_cents, overpayment credit,
// credits' remaining amounts, numbering): invoices paid by card (External Credit/Debit Card: the
// demo takes no money through Stripe, so it has no Stripe records), by bank transfer (one paying
// an invoice and part of another, one rounding up and leaving an overpayment credit), in cash and
// by direct debit (one still processing), a goodwill credit issued and applied, another left to
// apply, an adjustment note for a short-supplied line, and several invoices left unpaid past
// their due dates. Receipts are not mailed, as the demo's orders send no mail. Then each payment's
// and credit's record time is set to when it happened (the database's clock would put them all at
// the moment of seeding), so lists and statements read as a history; amounts are never touched.

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The ledger queues receipts through this: the demo sends none. */
const NO_MAIL: LedgerJobs = { sendInTransaction: async () => {} };

/** The services' handle on the seed's transaction (they use only `db`: their writes nest in it). */
function seedTransaction(tx: Db): Database {
  const unavailable = () => Promise.reject(new Error('not available inside the demo seed'));
  return { db: tx, kind: 'postgres', ping: unavailable, close: unavailable, exclusively: unavailable };
}

type Allocation = {
  /** The order's number. */
  order: number;
  /** The share of what it still owes, in whole dollars (1: all of it). */
  share: number;
};

export async function seedDemoPayments(tx: Db, merchantId: string, now: Date): Promise<void> {
  const [merchant] = await tx
    .select({ timeZone: organisations.timeZone })
    .from(organisations)
    .where(eq(organisations.id, merchantId));
  const people = new Map(
    (
      await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.email, ['merchant@demo.test', 'staff@demo.test']))
    ).map((user) => [user.email === 'merchant@demo.test' ? 'admin' : 'staff', user.id]),
  );
  const admin = people.get('admin')!;
  const staff = people.get('staff')!;
  const timeZone = merchant!.timeZone;
  const creditsService = createCreditWritesService({
    database: seedTransaction(tx),
    jobs: NO_MAIL,
    now: () => now,
  });

  /** Orders as they stand now (earlier payments changed what they owe). */
  const readOrders = async (numbers: number[]) => {
    const rows = await tx
      .select({
        id: orders.id,
        number: orders.number,
        invoiceNumber: orders.invoiceNumber,
        customerAccountId: orders.customerAccountId,
        customerOrganisationId: customerAccounts.customerOrganisationId,
        placedAt: orders.placedAt,
        totalCents: orders.totalCents,
        paidCents: orders.paidCents,
      })
      .from(orders)
      .innerJoin(customerAccounts, eq(customerAccounts.id, orders.customerAccountId))
      .where(and(eq(orders.merchantId, merchantId), inArray(orders.number, numbers)));
    return numbers.map((number) => {
      const row = rows.find((candidate) => candidate.number === number);
      if (!row) throw new Error(`demo payments: no order #${number}`);
      return row;
    });
  };
  type OrderRow = Awaited<ReturnType<typeof readOrders>>[number];

  /** `days` after the latest of the orders was placed, in working hours, and never after now. */
  const happenedAt = (rows: OrderRow[], days: number) => {
    const latest = Math.max(...rows.map((row) => row.placedAt.getTime()));
    return new Date(Math.min(now.getTime() - HOUR_MS, latest + days * DAY_MS + 2 * HOUR_MS));
  };

  /** A share of what an order owes in whole dollars: at least $1, at most all of it. */
  const shareOf = (row: OrderRow, share: number) => {
    const owed = row.totalCents - row.paidCents;
    if (share >= 1) return owed;
    return Math.min(owed, Math.max(100, Math.round((owed * share) / 100) * 100));
  };

  const backdate = async (table: typeof payments | typeof credits, id: string, at: Date) => {
    await tx.update(table).set({ createdAt: at, updatedAt: at }).where(eq(table.id, id));
  };

  let paymentKeys = 0;
  const nextPaymentKey = () => `demo-payment-${(paymentKeys += 1)}`;

  async function pay(options: {
    method: Extract<PaymentMethod, 'BANK_TRANSFER' | 'EXTERNAL_CARD' | 'EXTERNAL_DIRECT_DEBIT' | 'CASH'>;
    state?: 'SUCCESSFUL' | 'PROCESSING';
    allocations: Allocation[];
    /** Days after the last of its orders was placed. */
    after: number;
    /** Paid to a round sum: what it leaves over becomes account credit. */
    roundUpToCents?: number;
    reference?: (rows: OrderRow[]) => string;
    notes?: string;
    by: string;
  }) {
    const rows = await readOrders(options.allocations.map((allocation) => allocation.order));
    const allocations = rows.map((row, i) => ({
      orderId: row.id,
      amountCents: shareOf(row, options.allocations[i]!.share),
    }));
    const allocated = allocations.reduce((sum, allocation) => sum + allocation.amountCents, 0);
    const round = options.roundUpToCents;
    const amountCents = round ? allocated + round - (allocated % round) : allocated;
    const at = happenedAt(rows, options.after);
    const { paymentId } = await recordPaymentInTransaction(tx, {
      jobs: NO_MAIL,
      merchantId,
      customerAccountId: rows[0]!.customerAccountId,
      method: options.method,
      state: options.state ?? 'SUCCESSFUL',
      amountCents,
      paidOn: dateInZone(at, timeZone),
      reference: options.reference?.(rows) ?? null,
      notes: options.notes ?? null,
      idempotencyKey: nextPaymentKey(),
      recordedByUserId: options.by,
      allocations,
    });
    await backdate(payments, paymentId, at);
    // The overpayment credit it left, if any, was made with it.
    const [leftOver] = await tx
      .select({ id: credits.id })
      .from(credits)
      .where(and(eq(credits.merchantId, merchantId), eq(credits.paymentId, paymentId)));
    if (leftOver) await backdate(credits, leftOver.id, at);
  }

  /** Applies what remains of a credit, up to what the order owes (a payment by Account Credit). */
  async function apply(options: {
    credit: { id: string; remaining_cents: number };
    order: number;
    after: number;
  }) {
    const rows = await readOrders([options.order]);
    const row = rows[0]!;
    const at = happenedAt(rows, options.after);
    const { payment } = await creditsService.apply({
      merchantId,
      creditId: options.credit.id,
      userId: admin,
      key: nextPaymentKey(),
      input: {
        allocations: [
          {
            order_id: row.id,
            amount_cents: Math.min(options.credit.remaining_cents, row.totalCents - row.paidCents),
          },
        ],
        paid_on: dateInZone(at, timeZone),
      },
    });
    await backdate(payments, payment.id, at);
  }

  const invoiceRef = (rows: OrderRow[]) =>
    rows.map((row) => `INV-${String(row.invoiceNumber).padStart(6, '0')}`).join(' ');
  const older = olderOrderNumber;
  const recent = recentOrderNumber;

  // The older invoices: two paid, one part-paid; the bakery's and two more stay unpaid, 30 to 120
  // days past due (older(0), older(2), older(4)).
  await pay({
    method: 'EXTERNAL_CARD',
    allocations: [{ order: older(3), share: 1 }],
    after: 2,
    reference: () => 'Visa ending 4417',
    by: staff,
  });
  await pay({
    method: 'BANK_TRANSFER',
    allocations: [{ order: older(5), share: 1 }],
    after: 27,
    reference: invoiceRef,
    by: admin,
  });
  await pay({
    method: 'BANK_TRANSFER',
    allocations: [{ order: older(1), share: 0.5 }],
    after: 20,
    reference: invoiceRef,
    notes: 'Half now, the rest at the end of the month, as agreed on the phone.',
    by: admin,
  });

  // The recent four weeks.
  await pay({
    method: 'EXTERNAL_CARD',
    allocations: [{ order: recent(0), share: 1 }],
    after: 1,
    reference: () => 'Mastercard ending 0093',
    by: staff,
  });
  await pay({
    method: 'EXTERNAL_CARD',
    allocations: [{ order: recent(2), share: 1 }],
    after: 0,
    reference: () => 'Mastercard ending 0093',
    by: staff,
  });
  // The bistro pays one invoice and part of the next in one transfer.
  await pay({
    method: 'BANK_TRANSFER',
    allocations: [
      { order: recent(1), share: 1 },
      { order: recent(5), share: 0.4 },
    ],
    after: 5,
    reference: () => 'CORNER BISTRO PTY LTD',
    by: admin,
  });
  await pay({
    method: 'CASH',
    allocations: [{ order: recent(7), share: 1 }],
    after: 1,
    notes: 'Paid to the driver on delivery.',
    by: staff,
  });
  await pay({
    method: 'BANK_TRANSFER',
    allocations: [{ order: recent(8), share: 0.5 }],
    after: 6,
    reference: invoiceRef,
    by: admin,
  });
  // Rounded up to the next $100: the rest is the bistro's to spend as account credit.
  await pay({
    method: 'BANK_TRANSFER',
    allocations: [{ order: recent(9), share: 1 }],
    after: 9,
    roundUpToCents: 10_000,
    reference: invoiceRef,
    by: admin,
  });
  await pay({
    method: 'EXTERNAL_DIRECT_DEBIT',
    allocations: [{ order: recent(16), share: 1 }],
    after: 7,
    reference: () => 'DD BEAN THERE CAFE',
    by: admin,
  });
  // A direct debit the bank has not cleared yet: it holds the bakery's invoice without paying it.
  await pay({
    method: 'EXTERNAL_DIRECT_DEBIT',
    state: 'PROCESSING',
    allocations: [{ order: recent(17), share: 1 }],
    after: 9,
    reference: () => 'DD NORTHSIDE BAKERY',
    by: admin,
  });
  await pay({
    method: 'EXTERNAL_CARD',
    allocations: [{ order: recent(18), share: 1 }],
    after: 0,
    reference: () => 'Visa ending 4417',
    by: staff,
  });
  await pay({
    method: 'EXTERNAL_CARD',
    allocations: [{ order: recent(21), share: 1 }],
    after: 1,
    reference: () => 'Amex ending 1008',
    by: staff,
  });

  // A goodwill credit for the café, spent on a later invoice (which it part-pays).
  const [cafe] = await readOrders([recent(10)]);
  const goodwill = await creditsService.issue({
    merchantId,
    userId: admin,
    key: 'demo-credit-goodwill',
    input: {
      customer_organisation_id: cafe!.customerOrganisationId,
      amount_cents: 2_500,
      reason: 'Goodwill: delivery arrived two hours late',
    },
  });
  await backdate(credits, goodwill.credit.id, happenedAt([cafe!], 1));
  await apply({ credit: goodwill.credit, order: recent(12), after: 1 });

  // Damaged goods returned by the bistro: credit it has not used yet.
  const [bistro] = await readOrders([recent(25)]);
  const returned = await creditsService.issue({
    merchantId,
    userId: admin,
    key: 'demo-credit-returned',
    input: {
      customer_organisation_id: bistro!.customerOrganisationId,
      amount_cents: 4_000,
      reason: 'Two cartons returned damaged in transit',
    },
  });
  await backdate(credits, returned.credit.id, happenedAt([bistro!], 2));

  // One line of a delivered invoice was short-supplied: an adjustment note, applied to that
  // invoice, and the rest paid by transfer.
  const [shorted] = await readOrders([recent(15)]);
  const [line] = await tx
    .select({ productId: orderLines.productId, name: orderLines.name })
    .from(orderLines)
    .where(eq(orderLines.orderId, shorted!.id))
    .orderBy(asc(orderLines.position));
  if (!line?.productId) throw new Error('demo payments: the short-supplied order has no product line');
  const note = await creditsService.adjust({
    merchantId,
    userId: admin,
    key: 'demo-credit-short-supplied',
    input: {
      order_id: shorted!.id,
      reason: `Short-supplied: 1 × ${line.name} was out of stock on the delivery day`,
      lines: [{ product_id: line.productId, quantity: 1 }],
    },
  });
  await backdate(credits, note.credit.id, happenedAt([shorted!], 1));
  await apply({ credit: note.credit, order: recent(15), after: 1 });
  await pay({
    method: 'BANK_TRANSFER',
    allocations: [{ order: recent(15), share: 1 }],
    after: 10,
    reference: invoiceRef,
    by: admin,
  });
}
