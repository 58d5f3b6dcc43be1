import { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { MailQueue } from '../../platform/mail/outbox.ts';
import { listActiveMemberEmails } from '../order-documents/order-documents.queries.ts';
import { paymentFailedEmail, paymentReceiptEmail } from './payment.emails.ts';
import { toPaymentSummary } from './payment-view.ts';
import { findPaymentRowById, listAllocationsOf } from './payments.queries.ts';

/** Queued by the ledger in the transaction in which a payment becomes SUCCESSFUL. */
export const PAYMENT_RECEIPT_JOB = 'payment.receipt';
/** Queued by the ledger in the transaction in which a payment becomes FAILED. */
export const PAYMENT_FAILED_JOB = 'payment.failed';
export type PaymentNoticeJob = { payment_id: string };

const JobData = z.object({ payment_id: z.uuid() });

export type PaymentNoticeLog = { warn(obj: object, msg: string): void };

type Deps = { database: Pick<Database, 'db'>; mail: MailQueue; appUrl: string };

/**
 * Mails a payment's receipt or failure notice to each of the customer's active people. Jobs run
 * at least once: each mail is queued once per payment, kind and address (the outbox's key), so a
 * second run queues nothing.
 */
export function createPaymentNotices(deps: Deps) {
  const { db } = deps.database;

  async function notify(kind: 'receipt' | 'failed', paymentId: string): Promise<'queued' | 'not-found'> {
    const row = await findPaymentRowById(db, paymentId);
    if (!row) return 'not-found';
    const payment = toPaymentSummary(row, await listAllocationsOf(db, [paymentId]));
    await db.transaction(async (tx) => {
      for (const to of await listActiveMemberEmails(tx, row.customerOrganisationId)) {
        const message =
          kind === 'receipt'
            ? paymentReceiptEmail({ to, payment, appUrl: deps.appUrl })
            : paymentFailedEmail({
                to,
                payment,
                failureMessage: row.payment.failureMessage,
                appUrl: deps.appUrl,
              });
        await deps.mail.queue({ tx, message, onceKey: `payment.${kind}:${paymentId}:${to}` });
      }
    });
    return 'queued';
  }

  return {
    receipt: (paymentId: string) => notify('receipt', paymentId),
    failed: (paymentId: string) => notify('failed', paymentId),
  };
}

/** Runs the `payment.receipt` and `payment.failed` jobs in this process (started with the mail worker). */
export async function startPaymentNoticeWorkers(
  options: Deps & { jobs: Pick<Jobs, 'work'>; log: PaymentNoticeLog },
): Promise<void> {
  const notices = createPaymentNotices(options);
  for (const [name, send] of [
    [PAYMENT_RECEIPT_JOB, notices.receipt],
    [PAYMENT_FAILED_JOB, notices.failed],
  ] as const) {
    await options.jobs.work(name, async (data) => {
      const { payment_id } = JobData.parse(data);
      // A payment is never deleted on its own; gone means its merchant was removed: nothing to mail.
      if ((await send(payment_id)) === 'not-found') {
        options.log.warn({ paymentId: payment_id, job: name }, 'payment not found; no mail sent');
      }
    });
  }
}
