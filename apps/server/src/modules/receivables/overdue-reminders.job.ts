import { addDays, dateInZone } from '@tradeport/contract';
import type { Database } from '../../platform/db/client.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { MailQueue } from '../../platform/mail/outbox.ts';
import { listActiveMemberEmails } from '../order-documents/order-documents.queries.ts';
import { overdueReminderEmail } from './overdue-reminder.emails.ts';
import {
  claimOverdueOrders,
  listAccountsToRemind,
  listRemindingMerchants,
  type ReminderWindow,
} from './overdue-reminders.queries.ts';

// The daily overdue reminder: each customer with reminders on gets one mail listing its overdue
// invoices, each invoice at most once a week (orders.overdue_reminded_at, claimed in the
// transaction that queues the mail), so running it twice, or in two processes at once, sends
// nothing twice.

export const OVERDUE_REMINDERS_JOB = 'payments.overdue-reminders';

/** Reminders go out from this hour of the merchant's day, not at midnight. */
export const REMINDER_FROM_HOUR = 8;
/** An invoice is reminded again once this many of the merchant's days have passed. */
export const REMINDER_INTERVAL_DAYS = 7;
/**
 * How often the job is queued. Hourly, so every merchant's customers are reminded soon after
 * REMINDER_FROM_HOUR in the merchant's own zone; each run sends only what is due that day.
 */
export const REMINDER_CHECK_INTERVAL_MS = 60 * 60 * 1000;

const MERCHANT_BATCH = 200;

const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** The hour (0–23) an instant falls in, in a time zone. */
function hourInZone(now: Date, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(now));
}

export type ReminderOutcome = { customers: number; orders: number; mails: number };

export function createOverdueReminders(deps: {
  database: Pick<Database, 'db'>;
  mail: MailQueue;
  appUrl: string;
  now: () => Date;
}) {
  const { db } = deps.database;

  /** One customer account's mail, with the orders it claims, in one transaction. */
  async function remindAccount(
    window: ReminderWindow & { merchantTitle: string },
    account: { customerAccountId: string; customerOrganisationId: string; customerName: string },
  ) {
    return db.transaction(async (tx) => {
      // Nobody to tell: nothing is claimed, so the orders are reminded once someone joins.
      const recipients = await listActiveMemberEmails(tx, account.customerOrganisationId);
      if (recipients.length === 0) return { orders: 0, mails: 0 };
      const claimed = await claimOverdueOrders(tx, {
        ...window,
        customerAccountId: account.customerAccountId,
        now: deps.now(),
      });
      if (claimed.length === 0) return { orders: 0, mails: 0 };
      claimed.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.number - b.number);
      for (const to of recipients) {
        await deps.mail.queue({
          tx,
          message: overdueReminderEmail({
            to,
            merchantTitle: window.merchantTitle,
            customerName: account.customerName,
            today: window.today,
            orders: claimed,
            appUrl: deps.appUrl,
          }),
        });
      }
      return { orders: claimed.length, mails: recipients.length };
    });
  }

  return {
    /** Sends what is due now, for every merchant whose day has reached REMINDER_FROM_HOUR. */
    async run(): Promise<ReminderOutcome> {
      const outcome: ReminderOutcome = { customers: 0, orders: 0, mails: 0 };
      const now = deps.now();
      let afterId: string | undefined;
      for (;;) {
        const merchants = await listRemindingMerchants(db, { afterId, limit: MERCHANT_BATCH });
        for (const merchant of merchants) {
          if (hourInZone(now, merchant.timeZone) < REMINDER_FROM_HOUR) continue;
          const today = dateInZone(now, merchant.timeZone);
          const window = {
            merchantId: merchant.id,
            merchantTitle: merchant.title,
            today,
            remindedBeforeDay: addDays(today, 1 - REMINDER_INTERVAL_DAYS),
            timeZone: merchant.timeZone,
          };
          for (const account of await listAccountsToRemind(db, window)) {
            const sent = await remindAccount(window, account);
            if (sent.orders === 0) continue;
            outcome.customers += 1;
            outcome.orders += sent.orders;
            outcome.mails += sent.mails;
          }
        }
        if (merchants.length < MERCHANT_BATCH) return outcome;
        afterId = merchants.at(-1)!.id;
      }
    },
  };
}

export type ReminderLog = { error(obj: object, msg: string): void };

/**
 * Runs the `payments.overdue-reminders` jobs in this process and queues one now and every
 * REMINDER_CHECK_INTERVAL_MS (the jobs platform offers no cron). Several processes each queue
 * theirs; the claims make the extra runs send nothing. `stop` ends the timer.
 */
export async function startOverdueReminders(
  options: Parameters<typeof createOverdueReminders>[0] & {
    database: Pick<Database, 'db'>;
    jobs: Pick<Jobs, 'work' | 'sendInTransaction'>;
    log: ReminderLog;
    intervalMs?: number;
  },
): Promise<{ stop(): Promise<void> }> {
  const reminders = createOverdueReminders(options);
  await options.jobs.work(OVERDUE_REMINDERS_JOB, async () => {
    await reminders.run();
  });
  let queueing: Promise<void> = Promise.resolve();
  const queue = () => {
    queueing = options.database.db
      .transaction((tx) =>
        options.jobs.sendInTransaction(tx, { name: OVERDUE_REMINDERS_JOB, data: {}, retryLimit: 2 }),
      )
      .catch((error: unknown) => options.log.error({ err: error }, 'could not queue the overdue reminders'));
  };
  queue();
  const timer = setInterval(queue, options.intervalMs ?? REMINDER_CHECK_INTERVAL_MS);
  timer.unref();
  return {
    // The job queue and database may close as soon as this returns: let a queueing finish first.
    stop: async () => {
      clearInterval(timer);
      await queueing;
    },
  };
}
