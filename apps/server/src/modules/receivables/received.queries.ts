import { COUNTED_PAYMENT_STATES } from '@tradeport/contract';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { payments } from '../../platform/db/schema/index.ts';

/**
 * What a merchant received on each day of [from, to) by method: counted payments (Successful,
 * Refunded) by the day they were paid, less what was refunded of them, straight from the
 * payments. The definition the rollups (sumReceivedByMethodAndDayRollup, which the overview
 * reads) must always equal, and the rollup tests' oracle.
 */
export async function sumReceivedByMethodAndDay(
  db: Db,
  options: { merchantId: string; from: string; to: string },
) {
  return db
    .select({
      method: payments.method,
      paidOn: payments.paidOn,
      count: sql<number>`count(*)`.mapWith(Number),
      cents: sql<number>`sum(${payments.amountCents} - ${payments.refundedCents})`.mapWith(Number),
    })
    .from(payments)
    .where(
      and(
        eq(payments.merchantId, options.merchantId),
        gte(payments.paidOn, options.from),
        lt(payments.paidOn, options.to),
        inArray(payments.state, [...COUNTED_PAYMENT_STATES]),
      ),
    )
    .groupBy(payments.method, payments.paidOn);
}
