import { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { MailQueue } from '../../platform/mail/outbox.ts';
import {
  claimConfirmation,
  findDocumentOrder,
  listActiveMemberEmailsOf,
  listDocumentLines,
} from './order-documents.queries.ts';
import { renderInvoicePdf } from './order-documents.service.ts';
import { newOrderNoticeEmail, orderConfirmationEmail } from './order.emails.ts';

/** Queued in the transaction that places an order (the cart's place endpoint). */
export const ORDER_PLACED_JOB = 'order.placed';
export type OrderPlacedJob = { order_id: string };

const JobData = z.object({ order_id: z.uuid() });

export type OrderConfirmationLog = { warn(obj: object, msg: string): void };

export type ConfirmationOutcome = 'queued' | 'already-queued' | 'order-not-found';

/**
 * The mails an order's placing sends: a confirmation with the tax invoice attached to each of the
 * customer's active people, a new-order notice to each of the merchant's. Jobs run at least once,
 * so the order's confirmation_queued_at, claimed in the same transaction that queues the mails,
 * makes every run after the first do nothing.
 */
export function createOrderConfirmations(deps: {
  database: Pick<Database, 'db'>;
  mail: MailQueue;
  appUrl: string;
  now: () => Date;
}) {
  const { db } = deps.database;

  return {
    async confirm(orderId: string): Promise<ConfirmationOutcome> {
      const order = await findDocumentOrder(db, orderId);
      if (!order) return 'order-not-found';
      if (order.confirmationQueuedAt) return 'already-queued';
      // Both sides' people in one query. The PDF is drawn before the transaction, so no row lock
      // is held while it is made, and only for a customer with someone to send it to: many order
      // by phone and have no one signed up, and the PDF is most of the work of a confirmation.
      const people = await listActiveMemberEmailsOf(db, [order.customerOrganisationId, order.merchantId]);
      const customerPeople = people.get(order.customerOrganisationId) ?? [];
      const merchantPeople = people.get(order.merchantId) ?? [];
      const invoice =
        customerPeople.length > 0
          ? await renderInvoicePdf({ ...order, lines: await listDocumentLines(db, { orderIds: [order.id] }) })
          : undefined;

      return db.transaction(async (tx) => {
        if (!(await claimConfirmation(tx, { orderId: order.id, at: deps.now() }))) return 'already-queued';
        if (invoice) {
          for (const to of customerPeople) {
            await deps.mail.queue({
              tx,
              message: orderConfirmationEmail({ to, order, invoice, appUrl: deps.appUrl }),
            });
          }
        }
        for (const to of merchantPeople) {
          await deps.mail.queue({ tx, message: newOrderNoticeEmail({ to, order, appUrl: deps.appUrl }) });
        }
        return 'queued';
      });
    },
  };
}

/** Runs the `order.placed` jobs in this process (started with the mail worker). */
export async function startOrderPlacedWorker(
  options: Parameters<typeof createOrderConfirmations>[0] & {
    jobs: Pick<Jobs, 'work'>;
    log: OrderConfirmationLog;
  },
): Promise<void> {
  const confirmations = createOrderConfirmations(options);
  await options.jobs.work(ORDER_PLACED_JOB, async (data) => {
    const { order_id } = JobData.parse(data);
    const outcome = await confirmations.confirm(order_id);
    // An order is never deleted on its own; gone means its merchant was removed, nothing to mail.
    if (outcome === 'order-not-found')
      options.log.warn({ orderId: order_id }, 'placed order not found; no mail sent');
  });
}
