import type {
  Payment,
  RecordPaymentInput,
  RefundPaymentInput,
  SetPaymentStateInput,
} from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { assertPaymentsEnabled, movePaymentState, recordPayment } from './payment-ledger.ts';
import { lockPayment } from './payment-ledger.queries.ts';
import { refundPaymentInTransaction, voidPaymentInTransaction } from './payment-reversals.ts';
import { readPayment } from './payments.service.ts';

// A merchant's writes to payments: recording one received outside Tradeport, settling a pending
// one, voiding and refunding. The money rules are the ledger's (payment-ledger.ts,
// payment-reversals.ts); this checks who and what, and answers the payment as it now stands.

type PaymentWrite = { merchantId: string; paymentId: string; userId: string };

export function createPaymentWritesService(deps: Pick<AppDeps, 'database' | 'jobs' | 'now'>) {
  const { db } = deps.database;
  const { jobs } = deps;

  async function answer(merchantId: string, paymentId: string): Promise<Payment> {
    const payment = await readPayment(db, {
      scope: { kind: 'MERCHANT', merchantId },
      id: paymentId,
      viewer: 'MERCHANT',
    });
    if (!payment) throw new Error(`Payment ${paymentId} vanished after it was written`);
    return payment;
  }

  /** Runs `change` on the merchant's payment, locked; 404 when it is not the merchant's. */
  async function onPayment<T>(
    options: PaymentWrite,
    change: (tx: Db, payment: NonNullable<Awaited<ReturnType<typeof lockPayment>>>) => Promise<T>,
  ): Promise<T> {
    await assertPaymentsEnabled(db, options.merchantId);
    return db.transaction(async (tx) => {
      const payment = await lockPayment(tx, { merchantId: options.merchantId, paymentId: options.paymentId });
      if (!payment) throw notFound('Payment');
      return change(tx, payment);
    });
  }

  return {
    async record(options: {
      merchantId: string;
      userId: string;
      key: string;
      input: z.output<typeof RecordPaymentInput>;
    }): Promise<{ payment: Payment; isReplay: boolean }> {
      const { merchantId, input } = options;
      // A replay is found by recordPayment once the orders are locked: no lookup before it, as
      // every round trip costs CPU that twenty recordings at once share.
      const { customerAccountId } = await assertPaymentsEnabled(db, merchantId, {
        customerOrganisationId: input.customer_organisation_id,
      });
      if (!customerAccountId) throw notFound('Customer');
      const recorded = await recordPayment(db, {
        jobs,
        merchantId,
        customerAccountId,
        method: input.method,
        state: input.state,
        amountCents: input.amount_cents,
        paidOn: input.paid_on,
        reference: input.reference ?? null,
        notes: input.notes ?? null,
        idempotencyKey: options.key,
        recordedByUserId: options.userId,
        allocations: input.allocations.map((allocation) => ({
          orderId: allocation.order_id,
          amountCents: allocation.amount_cents,
        })),
      });
      return { payment: await answer(merchantId, recorded.paymentId), isReplay: recorded.isReplay };
    },

    async void(options: PaymentWrite): Promise<Payment> {
      await onPayment(options, (tx, payment) =>
        voidPaymentInTransaction(tx, { jobs, payment, at: deps.now() }),
      );
      return answer(options.merchantId, options.paymentId);
    },

    async refund(
      options: PaymentWrite & { key: string; input: z.output<typeof RefundPaymentInput> },
    ): Promise<{ payment: Payment; isReplay: boolean }> {
      const result = await onPayment(options, (tx, payment) => {
        // Card money goes back through Stripe, which records the refund with its own id.
        if (payment.method === 'STRIPE_CARD' && payment.state === 'SUCCESSFUL') {
          throw conflict(
            'A card payment taken through Stripe is refunded through Stripe, not recorded here.',
          );
        }
        return refundPaymentInTransaction(tx, {
          jobs,
          payment,
          amountCents: options.input.amount_cents,
          reason: options.input.reason ?? null,
          idempotencyKey: options.key,
          refundedByUserId: options.userId,
        });
      });
      return { payment: await answer(options.merchantId, options.paymentId), isReplay: !result.changed };
    },

    async setState(
      options: PaymentWrite & { input: z.output<typeof SetPaymentStateInput> },
    ): Promise<Payment> {
      const { input } = options;
      await onPayment(options, async (tx, payment) => {
        if (payment.state === input.state) return;
        if (payment.method === 'STRIPE_CARD') {
          throw new AppError(
            'STATUS_TRANSITION_NOT_ALLOWED',
            'A card payment taken through Stripe is settled by Stripe, not by hand.',
          );
        }
        if (payment.version !== input.version) {
          throw conflict('This payment was changed meanwhile: reload it and try again.');
        }
        await movePaymentState(tx, { jobs, payment, to: input.state, failureMessage: input.failure_message });
      });
      return answer(options.merchantId, options.paymentId);
    },
  };
}
