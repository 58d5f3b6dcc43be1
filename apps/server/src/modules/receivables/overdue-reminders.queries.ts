import { and, asc, eq, exists, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { customerAccounts, orders, organisations } from '../../platform/db/schema/index.ts';
import { isOrganisationActive } from '../../platform/tenancy/membership.queries.ts';
import { isOutstandingOrder } from './outstanding.queries.ts';
import { startOfDayIn } from '../../platform/db/zone-days.ts';

// The overdue reminder's reads and its claim. An order is due for a reminder when it is
// outstanding, past its due date, its customer's payments are tracked with reminders on, and it
// was not reminded on any of the last 7 days of the merchant's calendar.

/** Merchants taking payments whose access has not lapsed, a batch at a time by id. */
export async function listRemindingMerchants(db: Db, options: { afterId?: string; limit: number }) {
  return db
    .select({ id: organisations.id, title: organisations.title, timeZone: organisations.timeZone })
    .from(organisations)
    .where(
      and(
        eq(organisations.kind, 'MERCHANT'),
        eq(organisations.paymentsEnabled, true),
        isOrganisationActive(),
        options.afterId ? gt(organisations.id, options.afterId) : undefined,
      ),
    )
    .orderBy(asc(organisations.id))
    .limit(options.limit);
}

export type ReminderWindow = {
  merchantId: string;
  /** The merchant's calendar day: orders due before it are overdue. */
  today: string;
  /** Reminded before the start of this day (today − 6) of the merchant's zone: due again. */
  remindedBeforeDay: string;
  timeZone: string;
};

const remindsAccount = and(
  eq(customerAccounts.isPaymentsEnabled, true),
  eq(customerAccounts.isOverdueRemindersEnabled, true),
  isNull(customerAccounts.archivedAt),
)!;

function isDueForReminder(window: ReminderWindow) {
  const weekStart = startOfDayIn(window.remindedBeforeDay, window.timeZone);
  return and(
    eq(orders.merchantId, window.merchantId),
    isOutstandingOrder,
    lt(orders.dueDate, window.today),
    or(isNull(orders.overdueRemindedAt), sql`${orders.overdueRemindedAt} < ${weekStart}`),
  )!;
}

/**
 * The merchant's customer accounts with an order due for a reminder, with the customer's name:
 * one range of orders_merchant_outstanding_idx (due before today).
 */
export async function listAccountsToRemind(db: Db, window: ReminderWindow) {
  return db
    .selectDistinct({
      customerAccountId: customerAccounts.id,
      customerOrganisationId: customerAccounts.customerOrganisationId,
      customerName: organisations.title,
    })
    .from(orders)
    .innerJoin(
      customerAccounts,
      and(
        eq(customerAccounts.id, orders.customerAccountId),
        eq(customerAccounts.merchantId, orders.merchantId),
        remindsAccount,
      ),
    )
    .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
    .where(isDueForReminder(window));
}

/**
 * Marks the account's orders due for a reminder as reminded now, in the caller's transaction, and
 * answers them: a run that comes second (or at the same time: the row locks make it wait, then
 * re-check) finds nothing left to claim.
 */
export async function claimOverdueOrders(
  tx: Db,
  options: ReminderWindow & { customerAccountId: string; now: Date },
) {
  return tx
    .update(orders)
    .set({ overdueRemindedAt: options.now })
    .where(
      and(
        isDueForReminder(options),
        eq(orders.customerAccountId, options.customerAccountId),
        // Switched off (or untracked, archived) since the account was listed: nothing to send.
        exists(
          tx
            .select({ one: sql`1` })
            .from(customerAccounts)
            .where(and(eq(customerAccounts.id, options.customerAccountId), remindsAccount)),
        ),
      ),
    )
    .returning({
      id: orders.id,
      number: orders.number,
      invoiceNumber: orders.invoiceNumber,
      dueDate: orders.dueDate,
      totalCents: orders.totalCents,
      paidCents: orders.paidCents,
    });
}

export type ClaimedOrder = Awaited<ReturnType<typeof claimOverdueOrders>>[number];
