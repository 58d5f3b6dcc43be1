import { randomUUID } from 'node:crypto';
import {
  type AllocationRequest,
  allocatedCents,
  canMovePayment,
  checkAllocations,
  PAYMENT_STATE_LABELS,
  type PaymentMethod,
  type PaymentState,
} from '@tradeport/contract';
import { committingTransaction } from '../../platform/db/committing-transaction.ts';
import type { Db } from '../../platform/db/client.ts';
import { queueAccountingSync } from '../accounting/accounting-sync.queue.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import {
  findMerchantPaymentSettings,
  findPaymentIdByKey,
  insertPaymentWithAllocations,
  listLedgerAllocations,
  lockAllocatableOrders,
  lockPayment,
  PaymentKeyTakenMeanwhile,
  type PaymentRow,
  refreshOrdersPaid,
  takeNumber,
  updatePayment,
} from './payment-ledger.queries.ts';
import { insertCredit, takeFromCredit } from './credit-ledger.queries.ts';
import { PAYMENT_FAILED_JOB, PAYMENT_RECEIPT_JOB } from './payment-notices.job.ts';

// The payments ledger: the only code that records payments, moves their states and keeps
// orders.paid_cents. Every function runs in the caller's transaction, so a payment, its
// allocations, the credit it leaves or spends, the orders it pays and the mails it sends commit
// or roll back together. Other modules (card payments, payment links) call these.

export type LedgerJobs = Pick<Jobs, 'sendInTransaction'>;

export type RecordPaymentInput = {
  jobs: LedgerJobs;
  merchantId: string;
  customerAccountId: string;
  method: PaymentMethod;
  /** What it starts as: SUCCESSFUL (received), or PROCESSING / UPCOMING (on its way). */
  state: Extract<PaymentState, 'SUCCESSFUL' | 'PROCESSING' | 'UPCOMING'>;
  amountCents: number;
  /** A card surcharge on top of the amount, never allocated. */
  surchargeCents?: number;
  /** The day it was received, in the merchant's calendar. */
  paidOn: string;
  reference?: string | null;
  notes?: string | null;
  /** The request's Idempotency-Key: the same key answers this payment. */
  idempotencyKey: string | null;
  recordedByUserId: string | null;
  allocations: readonly AllocationRequest[];
  /** ACCOUNT_CREDIT: the credit it is applied from (its amount must be what it allocates). */
  creditId?: string;
  stripePaymentIntentId?: string | null;
  card?: { country: string | null; brand: string | null; last4: string | null };
  paymentLinkId?: string | null;
  /** Where the allocations sit in the request, for field errors: `allocations` by default. */
  allocationsPath?: string;
};

/**
 * Payments writes need the merchant to have payments switched on; answers its time zone and, when
 * asked of a customer organisation, its account with the merchant (null when it has none).
 */
export async function assertPaymentsEnabled(
  db: Db,
  merchantId: string,
  options: { customerOrganisationId?: string } = {},
): Promise<{ timeZone: string; customerAccountId: string | null }> {
  const settings = await findMerchantPaymentSettings(db, merchantId, options);
  if (settings?.isPaymentsEnabled) {
    return { timeZone: settings.timeZone, customerAccountId: settings.customerAccountId };
  }
  throw new AppError(
    'PAYMENTS_NOT_ENABLED',
    'Payments are switched off for this organisation. Switch payments on in its settings to record payments and credits.',
  );
}

/** The refusal of allocations that do not add up: 422 with a field error per problem (`body.…`). */
const allocationsRefused = (issues: { path: string; message: string }[]) =>
  new AppError(
    'VALIDATION_FAILED',
    `The allocations do not add up: ${issues[0]!.message}.`,
    issues.map((issue) => ({ ...issue, path: `body.${issue.path}` })),
  );

/**
 * Records a payment: its allocations checked against the customer's orders (locked until the
 * transaction ends), credit spent for ACCOUNT_CREDIT (guarded), its number, and, when it is
 * received already, what it leaves over as credit, its receipt and the orders' paid amounts.
 * Throws PaymentKeyTakenMeanwhile when a concurrent request recorded its key first.
 */
export async function recordPaymentInTransaction(
  tx: Db,
  input: RecordPaymentInput,
): Promise<{ paymentId: string; isReplay: boolean }> {
  const key = input.idempotencyKey;
  const orders = await lockAllocatableOrders(tx, {
    merchantId: input.merchantId,
    customerAccountId: input.customerAccountId,
    orderIds: input.allocations.map((allocation) => allocation.orderId),
  });
  // Once the orders are locked: a request with this key holding them may just have committed.
  const committed = key ? await findPaymentIdByKey(tx, { merchantId: input.merchantId, key }) : undefined;
  if (committed) return { paymentId: committed, isReplay: true };
  const issues = checkAllocations({
    amountCents: input.amountCents,
    allocations: input.allocations,
    orders,
    path: input.allocationsPath,
  });
  if (issues.length > 0) throw allocationsRefused(issues);
  if (input.method === 'ACCOUNT_CREDIT') {
    if (!input.creditId || allocatedCents(input.allocations) !== input.amountCents) {
      throw new Error('An applied credit pays exactly what it allocates, from a credit');
    }
    const isTaken = await takeFromCredit(tx, {
      merchantId: input.merchantId,
      creditId: input.creditId,
      cents: input.amountCents,
    });
    if (!isTaken) throw conflict('Not enough of this credit remains to apply that much.');
  }
  const paymentId = randomUUID();
  const isReceived = input.state === 'SUCCESSFUL';
  const allocated = allocatedCents(input.allocations);
  const leavesCredit = isReceived && leftAsCredit({ ...input, allocated }) > 0;
  // Everything else is written before the payment, whose statement may lock the merchant's
  // payment counter until the commit (insertPaymentWithAllocations).
  if (isReceived) {
    await queueReceipt(tx, { jobs: input.jobs, paymentId });
    await queueToBooks(tx, { jobs: input.jobs, merchantId: input.merchantId, paymentId });
  }
  const number = await insertPaymentWithAllocations(tx, {
    payment: {
      id: paymentId,
      merchantId: input.merchantId,
      customerAccountId: input.customerAccountId,
      method: input.method,
      state: input.state,
      amountCents: input.amountCents,
      surchargeCents: input.surchargeCents ?? 0,
      paidOn: input.paidOn,
      reference: input.reference ?? null,
      notes: input.notes ?? null,
      idempotencyKey: key,
      recordedByUserId: input.recordedByUserId,
      creditId: input.creditId ?? null,
      stripePaymentIntentId: input.stripePaymentIntentId ?? null,
      cardCountry: input.card?.country ?? null,
      cardBrand: input.card?.brand ?? null,
      cardLast4: input.card?.last4 ?? null,
      paymentLinkId: input.paymentLinkId ?? null,
    },
    allocations: input.allocations.map((allocation) => ({
      orderId: allocation.orderId,
      amountCents: allocation.amountCents,
    })),
    // Received: its orders' paid amounts are refreshed in the same statement.
    isCounted: isReceived,
    // Its overpayment credit names it.
    isNumberedNow: leavesCredit,
  });
  if (leavesCredit) {
    await leaveOverpaymentCredit(tx, { payment: { id: paymentId, number: number!, ...input }, allocated });
  }
  return { paymentId, isReplay: false };
}

/**
 * Runs `recordPaymentInTransaction` in its own transaction, answering a concurrent request's
 * payment when that one recorded the key first (everything this attempt wrote rolled back). The
 * merchant's payment counter, which its commit takes, is released before the commit reaches the
 * disk (committingTransaction).
 */
export async function recordPayment(db: Db, input: RecordPaymentInput) {
  const key = input.idempotencyKey;
  try {
    return await committingTransaction(db, (tx) => recordPaymentInTransaction(tx, input));
  } catch (error) {
    if (!(error instanceof PaymentKeyTakenMeanwhile) || !key) throw error;
    const winner = await findPaymentIdByKey(db, { merchantId: input.merchantId, key });
    if (!winner) throw error;
    return { paymentId: winner, isReplay: true };
  }
}

type SucceededPayment = Pick<
  PaymentRow,
  'id' | 'number' | 'merchantId' | 'customerAccountId' | 'method' | 'amountCents'
>;

/**
 * A payment has been received: what its allocations leave over becomes an OVERPAYMENT credit of
 * the customer (an applied credit leaves nothing), and the customer's people get a receipt.
 */
async function whenSucceeded(
  tx: Db,
  options: { jobs: LedgerJobs; payment: SucceededPayment; allocated: number },
) {
  await leaveOverpaymentCredit(tx, options);
  await queueReceipt(tx, { jobs: options.jobs, paymentId: options.payment.id });
  await queueToBooks(tx, {
    jobs: options.jobs,
    merchantId: options.payment.merchantId,
    paymentId: options.payment.id,
  });
}

/** What a received payment's allocations leave over for its customer's credit (an applied credit leaves nothing). */
function leftAsCredit(options: { amountCents: number; allocated: number; method: PaymentMethod }) {
  return options.method === 'ACCOUNT_CREDIT' ? 0 : options.amountCents - options.allocated;
}

/** What a received payment's allocations leave over, as an OVERPAYMENT credit of the customer. */
async function leaveOverpaymentCredit(tx: Db, options: { payment: SucceededPayment; allocated: number }) {
  const { payment } = options;
  const left = leftAsCredit({ ...payment, allocated: options.allocated });
  if (left <= 0) return;
  await insertCredit(tx, {
    merchantId: payment.merchantId,
    customerAccountId: payment.customerAccountId,
    number: await takeNumber(tx, { merchantId: payment.merchantId, kind: 'credit' }),
    source: 'OVERPAYMENT',
    reason: `Overpayment of payment #${payment.number}`,
    amountCents: left,
    remainingCents: left,
    paymentId: payment.id,
  });
}

/** The customer's people get a receipt, once the transaction commits. */
function queueReceipt(tx: Db, options: { jobs: LedgerJobs; paymentId: string }) {
  return options.jobs.sendInTransaction(tx, {
    name: PAYMENT_RECEIPT_JOB,
    data: { payment_id: options.paymentId },
  });
}

/** The merchant's accounting books get the payment once the transaction commits (when connected). */
function queueToBooks(tx: Db, options: { jobs: LedgerJobs; merchantId: string; paymentId: string }) {
  return queueAccountingSync(tx, {
    jobs: options.jobs,
    merchantId: options.merchantId,
    kind: 'PAYMENT',
    sourceIds: [options.paymentId],
  });
}

const refusedMove = (from: PaymentState, to: PaymentState) =>
  new AppError(
    'STATUS_TRANSITION_NOT_ALLOWED',
    `A ${PAYMENT_STATE_LABELS[from].toLowerCase()} payment cannot become ${PAYMENT_STATE_LABELS[to].toLowerCase()}.`,
  );

/**
 * Moves a locked payment to PROCESSING, SUCCESSFUL or FAILED, as the state machine allows:
 * succeeding pays its orders (and leaves its credit, and mails a receipt); failing releases what
 * it held of them and mails the customer a notice.
 */
export async function movePaymentState(
  tx: Db,
  options: {
    jobs: LedgerJobs;
    payment: PaymentRow;
    to: Extract<PaymentState, 'PROCESSING' | 'SUCCESSFUL' | 'FAILED'>;
    failureMessage?: string | null;
  },
): Promise<void> {
  const { payment, to } = options;
  if (!canMovePayment(payment.state, to)) throw refusedMove(payment.state, to);
  await updatePayment(tx, {
    paymentId: payment.id,
    set: { state: to, failureMessage: to === 'FAILED' ? (options.failureMessage ?? null) : null },
  });
  const allocations = await listLedgerAllocations(tx, payment);
  if (to === 'SUCCESSFUL') {
    await whenSucceeded(tx, {
      jobs: options.jobs,
      payment,
      allocated: allocatedCents(allocations),
    });
  }
  if (to === 'FAILED') {
    await options.jobs.sendInTransaction(tx, { name: PAYMENT_FAILED_JOB, data: { payment_id: payment.id } });
  }
  await refreshOrdersPaid(
    tx,
    allocations.map((allocation) => allocation.orderId),
  );
}

/**
 * Stripe's word on a card payment (a webhook, or the confirmation's answer): it succeeded or
 * failed. Idempotent: a payment already in that state is left as it is (`changed: false`); a move
 * the state machine refuses (a refunded payment "succeeding") is 409 STATUS_TRANSITION_NOT_ALLOWED.
 */
export async function settleCardPayment(
  tx: Db,
  options: {
    jobs: LedgerJobs;
    paymentId: string;
    state: 'SUCCESSFUL' | 'FAILED';
    failureMessage?: string | null;
  },
): Promise<{ changed: boolean }> {
  const payment = await lockPayment(tx, { paymentId: options.paymentId });
  if (!payment) throw notFound('Payment');
  if (payment.state === options.state) return { changed: false };
  await movePaymentState(tx, {
    jobs: options.jobs,
    payment,
    to: options.state,
    failureMessage: options.failureMessage,
  });
  return { changed: true };
}
