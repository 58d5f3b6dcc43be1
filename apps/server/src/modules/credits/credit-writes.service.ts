import {
  type AdjustmentNoteInput,
  allocatedCents,
  type ApplyCreditInput,
  computeOrderTotals,
  type Credit,
  dateInZone,
  type FieldIssue,
  type IssueCreditInput,
  type Payment,
} from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { queueAccountingSync } from '../accounting/accounting-sync.queue.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { assertPaymentsEnabled, recordPayment } from '../payments/payment-ledger.ts';
import { findCustomerAccountId, findPaymentIdByKey, takeNumber } from '../payments/payment-ledger.queries.ts';
import {
  findCredit,
  findCreditIdByKey,
  insertCredit,
  markCreditVoided,
} from '../payments/credit-ledger.queries.ts';
import { readPayment } from '../payments/payments.service.ts';
import { creditedQuantities, insertCreditLines, lockOrderForAdjustment } from './adjustment-note.queries.ts';
import { readCredit } from './credits.service.ts';

// A merchant's writes to account credits: issuing one (with a reason, or as an adjustment note
// for an order's lines), applying one to orders (a payment by Account Credit, through the
// ledger), and voiding an unspent one.

/** The key's credit was committed by a concurrent request while this one was writing. */
class KeyTakenMeanwhile extends Error {}

export function createCreditWritesService(deps: Pick<AppDeps, 'database' | 'jobs' | 'now'>) {
  const { db } = deps.database;
  /** Its credit note in the merchant's accounting books follows it (made, voided). */
  const creditToBooks = (tx: Db, options: { merchantId: string; creditId: string }) =>
    queueAccountingSync(tx, {
      jobs: deps.jobs,
      merchantId: options.merchantId,
      kind: 'CREDIT_NOTE',
      sourceIds: [options.creditId],
    });

  async function answer(merchantId: string, creditId: string): Promise<Credit> {
    const credit = await readCredit(db, {
      scope: { kind: 'MERCHANT', merchantId },
      id: creditId,
      viewer: 'MERCHANT',
    });
    if (!credit) throw new Error(`Credit ${creditId} vanished after it was written`);
    return credit;
  }

  /**
   * Issues a credit under an Idempotency-Key: the key's credit if there is one, else `write`'s in
   * one transaction (undefined from it: the key was taken meanwhile, and that credit answers).
   */
  async function issueOnce(
    options: { merchantId: string; key: string },
    write: (tx: Db) => Promise<{ creditId: string; isReplay: boolean }>,
  ): Promise<{ credit: Credit; isReplay: boolean }> {
    const account = { merchantId: options.merchantId, key: options.key };
    const replayed = await findCreditIdByKey(db, account);
    if (replayed) return { credit: await answer(options.merchantId, replayed), isReplay: true };
    await assertPaymentsEnabled(db, options.merchantId);
    try {
      const written = await db.transaction(write);
      return { credit: await answer(options.merchantId, written.creditId), isReplay: written.isReplay };
    } catch (error) {
      if (!(error instanceof KeyTakenMeanwhile)) throw error;
      const winner = await findCreditIdByKey(db, account);
      if (!winner) throw error;
      return { credit: await answer(options.merchantId, winner), isReplay: true };
    }
  }

  return {
    issue(options: {
      merchantId: string;
      userId: string;
      key: string;
      input: z.output<typeof IssueCreditInput>;
    }) {
      const { merchantId, input } = options;
      return issueOnce(options, async (tx) => {
        const customerAccountId = await findCustomerAccountId(tx, {
          merchantId,
          customerOrganisationId: input.customer_organisation_id,
        });
        if (!customerAccountId) throw notFound('Customer');
        const creditId = await insertCredit(tx, {
          merchantId,
          customerAccountId,
          number: await takeNumber(tx, { merchantId, kind: 'credit' }),
          source: 'MANUAL',
          reason: input.reason,
          amountCents: input.amount_cents,
          remainingCents: input.amount_cents,
          idempotencyKey: options.key,
          createdByUserId: options.userId,
        });
        if (!creditId) throw new KeyTakenMeanwhile();
        await creditToBooks(tx, { merchantId, creditId });
        return { creditId, isReplay: false };
      });
    },

    /**
     * An adjustment note: the lines named, at the order line's snapshot price and GST rate, for no
     * more than was charged less what earlier notes credited; GST by the order's own calculation
     * (computeOrderTotals with its rounding), so the note matches the invoice it adjusts.
     */
    adjust(options: {
      merchantId: string;
      userId: string;
      key: string;
      input: z.output<typeof AdjustmentNoteInput>;
    }) {
      const { merchantId, input } = options;
      return issueOnce(options, async (tx) => {
        const order = await lockOrderForAdjustment(tx, { merchantId, orderId: input.order_id });
        if (!order) throw notFound('Order');
        const committed = await findCreditIdByKey(tx, { merchantId, key: options.key });
        if (committed) return { creditId: committed, isReplay: true };
        const credited = await creditedQuantities(tx, order);
        const issues: FieldIssue[] = [];
        const seen = new Set<string>();
        const lines = input.lines.flatMap((requested, i) => {
          const line = order.lines.find((candidate) => candidate.productId === requested.product_id);
          const path = `body.lines.${i}`;
          if (seen.has(requested.product_id)) {
            issues.push({ path: `${path}.product_id`, message: 'This line is already credited above' });
          } else if (!line) {
            issues.push({ path: `${path}.product_id`, message: `Not a line of order #${order.number}` });
          } else {
            const left = line.quantity - (credited.get(requested.product_id) ?? 0);
            if (requested.quantity > left) {
              issues.push({
                path: `${path}.quantity`,
                message: `At most ${left} of ${line.name} can still be credited (${line.quantity} charged)`,
              });
            }
          }
          seen.add(requested.product_id);
          return line ? [{ line, quantity: requested.quantity }] : [];
        });
        if (issues.length > 0) {
          throw new AppError(
            'VALIDATION_FAILED',
            `The adjustment note cannot be issued: ${issues[0]!.message}.`,
            issues,
          );
        }
        const totals = computeOrderTotals({
          lines: lines.map(({ line, quantity }) => ({
            quantity,
            unitPriceCents: line.unitPriceCents,
            gstRateBasisPoints: line.gstRateBasisPoints,
          })),
          deliveryFeeCents: 0,
          deliveryGstRateBasisPoints: 0,
          rounding: order.gstRounding,
        });
        if (totals.totalCents <= 0) {
          const message = 'These lines were charged nothing, so there is nothing to credit';
          throw new AppError('VALIDATION_FAILED', `${message}.`, [{ path: 'body.lines', message }]);
        }
        const creditId = await insertCredit(tx, {
          merchantId,
          customerAccountId: order.customerAccountId,
          number: await takeNumber(tx, { merchantId, kind: 'credit' }),
          source: 'ORDER_ADJUSTMENT',
          reason: input.reason,
          amountCents: totals.totalCents,
          gstCents: totals.gstCents,
          remainingCents: totals.totalCents,
          orderId: order.id,
          idempotencyKey: options.key,
          createdByUserId: options.userId,
        });
        if (!creditId) throw new KeyTakenMeanwhile();
        await insertCreditLines(
          tx,
          lines.map(({ line, quantity }, i) => ({
            merchantId,
            creditId,
            productId: line.productId,
            name: line.name,
            sku: line.sku,
            quantity,
            unitPriceCents: line.unitPriceCents,
            gstRateBasisPoints: line.gstRateBasisPoints,
            subtotalCents: totals.lines[i]!.subtotalCents,
            gstCents: totals.lines[i]!.gstCents,
          })),
        );
        await creditToBooks(tx, { merchantId, creditId });
        return { creditId, isReplay: false };
      });
    },

    /** Applies a credit to orders: a payment by Account Credit of exactly what it allocates. */
    async apply(options: {
      merchantId: string;
      creditId: string;
      userId: string;
      key: string;
      input: z.output<typeof ApplyCreditInput>;
    }): Promise<{ payment: Payment; isReplay: boolean }> {
      const { merchantId, input } = options;
      const answerPayment = async (paymentId: string) =>
        (await readPayment(db, {
          scope: { kind: 'MERCHANT', merchantId },
          id: paymentId,
          viewer: 'MERCHANT',
        }))!;
      const replayed = await findPaymentIdByKey(db, { merchantId, key: options.key });
      if (replayed) return { payment: await answerPayment(replayed), isReplay: true };
      const { timeZone } = await assertPaymentsEnabled(db, merchantId);
      const credit = await findCredit(db, { merchantId, creditId: options.creditId });
      if (!credit) throw notFound('Credit');
      if (credit.voidedAt) throw conflict(`Credit #${credit.number} is voided.`);
      const allocations = input.allocations.map((allocation) => ({
        orderId: allocation.order_id,
        amountCents: allocation.amount_cents,
      }));
      // What remains is checked, and taken, by the ledger's guarded update in the same transaction.
      const recorded = await recordPayment(db, {
        jobs: deps.jobs,
        merchantId,
        customerAccountId: credit.customerAccountId,
        method: 'ACCOUNT_CREDIT',
        state: 'SUCCESSFUL',
        amountCents: allocatedCents(allocations),
        paidOn: input.paid_on ?? dateInZone(deps.now(), timeZone),
        reference: `Credit #${credit.number}`,
        idempotencyKey: options.key,
        recordedByUserId: options.userId,
        allocations,
        creditId: credit.id,
      });
      return { payment: await answerPayment(recorded.paymentId), isReplay: recorded.isReplay };
    },

    /** Voids a credit nothing of which was spent; a voided one is answered as it is. */
    async void(options: { merchantId: string; creditId: string }): Promise<Credit> {
      await assertPaymentsEnabled(db, options.merchantId);
      await db.transaction(async (tx) => {
        const credit = await findCredit(tx, { ...options, isLocked: true });
        if (!credit) throw notFound('Credit');
        if (credit.voidedAt) return;
        if (credit.source === 'OVERPAYMENT') {
          throw conflict(
            'A credit left over from a payment is taken back by voiding or refunding that payment.',
          );
        }
        if (credit.remainingCents < credit.amountCents) {
          throw conflict(`Credit #${credit.number} has been applied: void those payments first.`);
        }
        await markCreditVoided(tx, { creditId: credit.id, at: deps.now() });
        await creditToBooks(tx, { merchantId: options.merchantId, creditId: credit.id });
      });
      return answer(options.merchantId, options.creditId);
    },
  };
}
