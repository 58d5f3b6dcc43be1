import {
  addDays,
  AGING_BUCKETS,
  agingBucket,
  dateInZone,
  daysOverdue,
  DEFAULT_OVERVIEW_PERIOD,
  isOverdue,
  type OverviewQuery,
  periodDayRange,
  type ReceivablesOverview,
} from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../platform/errors.ts';
import { findTimeZone } from './outstanding.queries.ts';
import { summariseReceived } from './received-summary.ts';
import { sumOwedByDueDate } from './receivables-rollups.queries.ts';

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
        summariseReceived(db, { merchantId: options.merchantId, range }),
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

      return {
        period: { from: range.from, to: addDays(range.to, -1) },
        time_zone: timeZone,
        as_of: today,
        ...received,
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
