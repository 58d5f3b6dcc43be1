import {
  addDays,
  AGING_BUCKETS,
  agingBucket,
  dateInZone,
  daysOf,
  daysOverdue,
  DEFAULT_OVERVIEW_PERIOD,
  isOverdue,
  type OverviewQuery,
  PAYMENT_METHODS,
  periodDayRange,
  type ReceivablesOverview,
} from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../platform/errors.ts';
import { findTimeZone } from './outstanding.queries.ts';
import { CREDIT_METHOD } from './applied-credit.ts';
import { sumOwedByDueDate, sumReceivedByMethodAndDayRollup } from './receivables-rollups.queries.ts';

// "Payments overview": money received in a period (by method, by day for the chart) and what is
// owed now (outstanding, overdue, aging), each read from the rollups the database keeps as money
// moves (receivables-rollups.queries.ts): a few thousand rows, however many orders and payments.

export function createReceivablesOverview(deps: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = deps.database;

  return {
    async get(options: {
      merchantId: string;
      query: z.output<typeof OverviewQuery>;
    }): Promise<ReceivablesOverview> {
      const timeZone = await findTimeZone(db, options.merchantId);
      if (!timeZone) throw notFound('Organisation');
      const now = deps.now();
      const today = dateInZone(now, timeZone);
      const range = periodDayRange(options.query, { now, timeZone, fallback: DEFAULT_OVERVIEW_PERIOD });
      const [received, owedByDueDate] = await Promise.all([
        sumReceivedByMethodAndDayRollup(db, { merchantId: options.merchantId, ...range }),
        sumOwedByDueDate(db, { merchantId: options.merchantId }),
      ]);

      const owed = { count: 0, cents: 0, overdueCount: 0, overdueCents: 0 };
      const aging = new Map(AGING_BUCKETS.map((bucket) => [bucket, { count: 0, cents: 0 }]));
      for (const day of owedByDueDate) {
        owed.count += day.count;
        owed.cents += day.cents;
        if (isOverdue({ dueDate: day.dueDate, today })) {
          owed.overdueCount += day.count;
          owed.overdueCents += day.cents;
        }
        const bucket = aging.get(agingBucket(daysOverdue({ dueDate: day.dueDate, today })))!;
        bucket.count += day.count;
        bucket.cents += day.cents;
      }

      const byMethod = new Map(PAYMENT_METHODS.map((method) => [method, { count: 0, cents: 0 }]));
      const byDay = new Map(daysOf(range).map((day) => [day, 0]));
      for (const row of received) {
        const method = byMethod.get(row.method)!;
        method.count += row.count;
        method.cents += row.cents;
        if (row.method !== CREDIT_METHOD) byDay.set(row.paidOn, (byDay.get(row.paidOn) ?? 0) + row.cents);
      }
      const money = [...byMethod].filter(([method]) => method !== CREDIT_METHOD).map(([, sum]) => sum);

      return {
        period: { from: range.from, to: addDays(range.to, -1) },
        time_zone: timeZone,
        as_of: today,
        received_cents: money.reduce((total, sum) => total + sum.cents, 0),
        received_count: money.reduce((total, sum) => total + sum.count, 0),
        credit_applied_cents: byMethod.get(CREDIT_METHOD)!.cents,
        by_method: [...byMethod].map(([method, sum]) => ({
          method,
          payment_count: sum.count,
          amount_cents: sum.cents,
        })),
        by_day: [...byDay].map(([date, cents]) => ({ date, amount_cents: cents })),
        outstanding_cents: owed.cents,
        outstanding_count: owed.count,
        overdue_cents: owed.overdueCents,
        overdue_count: owed.overdueCount,
        aging: [...aging].map(([bucket, sum]) => ({
          bucket,
          amount_cents: sum.cents,
          order_count: sum.count,
        })),
      };
    },
  };
}
