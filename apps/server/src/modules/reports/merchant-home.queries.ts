import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { startOfDayIn } from '../../platform/db/zone-days.ts';

// The merchant home's counts of orders, in one statement of four index-only counts:
// orders_merchant_status_placed_idx (Processing, On hold), orders_merchant_delivery_idx, which
// carries the status for this (migration 0026), and orders_merchant_placed_idx (new orders).
// New orders are bounded above by 'infinity', which leaves none out: the statement's kept generic
// plan cannot see the lower bound's value and costs `placed_at >= $n` alone as a third of the
// merchant's orders (on PGlite's 25,000 it read them all, 14 ms for 34 orders), where a range
// with both ends is costed as the few it is.

export type HomeOrderCounts = {
  processing: number;
  onHold: number;
  deliveringToday: number;
  newSinceYesterday: number;
};

export async function countHomeOrders(
  db: Db,
  options: { merchantId: string; today: string; yesterday: string; timeZone: string },
): Promise<HomeOrderCounts> {
  const { merchantId } = options;
  const result = await db.execute(sql`
    select
      (select count(*) from orders where merchant_id = ${merchantId} and status = 'PROCESSING') as processing,
      (select count(*) from orders where merchant_id = ${merchantId} and status = 'ON_HOLD') as on_hold,
      (select count(*) from orders
        where merchant_id = ${merchantId} and delivery_date = ${options.today}::date
          and status in ('PROCESSING', 'ON_HOLD', 'SHIPPED')) as delivering_today,
      (select count(*) from orders
        where merchant_id = ${merchantId}
          and placed_at >= ${startOfDayIn(options.yesterday, options.timeZone)}
          and placed_at < 'infinity') as new_since_yesterday`);
  const [row] = (result as unknown as { rows: Record<string, string | number>[] }).rows;
  return {
    processing: Number(row!.processing),
    onHold: Number(row!.on_hold),
    deliveringToday: Number(row!.delivering_today),
    newSinceYesterday: Number(row!.new_since_yesterday),
  };
}
