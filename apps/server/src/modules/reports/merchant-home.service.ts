import { addDays, dateInZone, daysOf, HOME_SALES_DAYS, type MerchantHome } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { sumOverdue } from '../receivables/receivables-rollups.queries.ts';
import { countHomeOrders } from './merchant-home.queries.ts';
import { sumSalesByDay } from './sales-rollups.queries.ts';

// The merchant's home: a few indexed counts and two rollups (sales by day, what is overdue), so it
// costs the same with a thousand orders or a million.

export function createMerchantHome(deps: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = deps.database;

  return {
    async get(merchant: { id: string; timeZone: string }): Promise<MerchantHome> {
      const { id: merchantId, timeZone } = merchant;
      const today = dateInZone(deps.now(), timeZone);
      const sales = { from: addDays(today, 1 - HOME_SALES_DAYS), to: addDays(today, 1) };
      const [counts, salesDays, overdue] = await Promise.all([
        countHomeOrders(db, { merchantId, today, yesterday: addDays(today, -1), timeZone }),
        sumSalesByDay(db, { merchantId, timeZone, ...sales }),
        sumOverdue(db, { merchantId, today }),
      ]);
      const byDay = new Map(salesDays.map((day) => [day.day, day]));
      return {
        as_of: today,
        time_zone: timeZone,
        processing_count: counts.processing,
        on_hold_count: counts.onHold,
        delivering_today_count: counts.deliveringToday,
        new_since_yesterday_count: counts.newSinceYesterday,
        overdue_cents: overdue.cents,
        overdue_count: overdue.count,
        sales: {
          from: sales.from,
          to: today,
          total_cents: salesDays.reduce((sum, day) => sum + day.totalCents, 0),
          order_count: salesDays.reduce((sum, day) => sum + day.orderCount, 0),
          by_day: daysOf(sales).map((date) => ({
            date,
            total_cents: byDay.get(date)?.totalCents ?? 0,
            order_count: byDay.get(date)?.orderCount ?? 0,
          })),
        },
      };
    },
  };
}
