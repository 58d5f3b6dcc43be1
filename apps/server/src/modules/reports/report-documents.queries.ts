import { AGING_BUCKETS, type AgingBucket, agingDueDates } from '@tradeport/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { customerAccounts, orders, organisations } from '../../platform/db/schema/index.ts';
import { customPlanned } from '../../platform/db/statement-caching-client.ts';
import { startOfDayIn } from '../../platform/db/zone-days.ts';
import { isOutstandingOrder, owedCents, trackedAccount } from '../receivables/outstanding.queries.ts';

// The reports' reads straight from orders, where what they cover is a few thousand rows at most:
// what each customer owes (the outstanding orders' partial index) and the delivery charged to
// tax-exempt customers (a partial index of its own).

export type CustomerAging = {
  customerOrganisationId: string;
  name: string;
  orderCount: number;
  owedCents: number;
  overdueCents: number;
  aging: Record<AgingBucket, number>;
};

/** What each tracked customer owes on `today`, by aging bucket (agingDueDates: the contract's rule). */
export async function sumAgingByCustomer(
  db: Db,
  options: { merchantId: string; today: string },
): Promise<CustomerAging[]> {
  const within = (bucket: AgingBucket) => {
    const { from, to } = agingDueDates(bucket, options.today);
    return sql.join(
      [
        sql`true`,
        from ? sql`${orders.dueDate} >= ${from}` : undefined,
        to ? sql`${orders.dueDate} <= ${to}` : undefined,
      ].filter((condition) => condition !== undefined),
      sql` and `,
    );
  };
  const rows = await db
    .select({
      customerOrganisationId: organisations.id,
      name: organisations.title,
      orderCount: sql<number>`count(*)`.mapWith(Number),
      owedCents: sql<number>`sum(${owedCents})`.mapWith(Number),
      overdueCents:
        sql<number>`coalesce(sum(${owedCents}) filter (where ${orders.dueDate} < ${options.today}), 0)`.mapWith(
          Number,
        ),
      ...Object.fromEntries(
        AGING_BUCKETS.map((bucket) => [
          bucket,
          sql<number>`coalesce(sum(${owedCents}) filter (where ${within(bucket)}), 0)`.mapWith(Number),
        ]),
      ),
    })
    .from(orders)
    .innerJoin(customerAccounts, trackedAccount)
    .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
    // Planned for its dates (customPlanned): which buckets hold many orders is what the plan is for.
    .where(customPlanned(and(eq(orders.merchantId, options.merchantId), isOutstandingOrder)!))
    .groupBy(organisations.id, organisations.title);
  return rows.map((row) => {
    const bucketed = row as unknown as Record<AgingBucket, number>;
    return {
      customerOrganisationId: row.customerOrganisationId,
      name: row.name,
      orderCount: row.orderCount,
      owedCents: row.owedCents,
      overdueCents: row.overdueCents,
      aging: Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, bucketed[bucket]])) as Record<
        AgingBucket,
        number
      >,
    };
  });
}

/**
 * Delivery fees charged no GST (to tax-exempt customers) on orders not cancelled, by the month
 * (YYYY-MM) of the merchant's zone they were placed in, over [from, to).
 */
export async function sumExemptDeliveryByMonth(
  db: Db,
  options: { merchantId: string; timeZone: string; from: string; to: string },
): Promise<Map<string, number>> {
  const { timeZone } = options;
  const result = await db.execute(sql`
    select to_char(placed_at at time zone ${timeZone}, 'YYYY-MM') as month, sum(delivery_fee_cents)::bigint as cents
    from orders
    where merchant_id = ${options.merchantId} and is_tax_exempt and delivery_fee_cents > 0
      and status <> 'CANCELLED'
      and placed_at >= ${startOfDayIn(options.from, timeZone)} and placed_at < ${startOfDayIn(options.to, timeZone)}
    group by 1`);
  const rows = (result as unknown as { rows: { month: string; cents: string | number }[] }).rows;
  return new Map(rows.map((row) => [row.month, Number(row.cents)]));
}
