import { type DayRange, daysOf, PAYMENT_METHODS, type PaymentMethod } from '@tradeport/contract';
import type { Db } from '../../platform/db/client.ts';
import { CREDIT_METHOD } from './applied-credit.ts';
import { sumReceivedByMethodAndDayRollup } from './receivables-rollups.queries.ts';

// Money received in a period, as the payments overview and the payments report both show it:
// every method's count and amount, and each day's money (Account Credit moves none, so it is
// counted apart as credit applied). From the rollups: a few thousand rows for any period.

export type ReceivedSummary = {
  received_cents: number;
  received_count: number;
  credit_applied_cents: number;
  by_method: { method: PaymentMethod; payment_count: number; amount_cents: number }[];
  by_day: { date: string; amount_cents: number }[];
};

export async function summariseReceived(
  db: Db,
  options: { merchantId: string; range: DayRange },
): Promise<ReceivedSummary> {
  const received = await sumReceivedByMethodAndDayRollup(db, {
    merchantId: options.merchantId,
    ...options.range,
  });
  const byMethod = new Map(PAYMENT_METHODS.map((method) => [method, { count: 0, cents: 0 }]));
  const byDay = new Map(daysOf(options.range).map((day) => [day, 0]));
  for (const row of received) {
    const method = byMethod.get(row.method)!;
    method.count += row.count;
    method.cents += row.cents;
    if (row.method !== CREDIT_METHOD) byDay.set(row.paidOn, (byDay.get(row.paidOn) ?? 0) + row.cents);
  }
  const money = [...byMethod].filter(([method]) => method !== CREDIT_METHOD).map(([, sum]) => sum);
  return {
    received_cents: money.reduce((total, sum) => total + sum.cents, 0),
    received_count: money.reduce((total, sum) => total + sum.count, 0),
    credit_applied_cents: byMethod.get(CREDIT_METHOD)!.cents,
    by_method: [...byMethod].map(([method, sum]) => ({
      method,
      payment_count: sum.count,
      amount_cents: sum.cents,
    })),
    by_day: [...byDay].map(([date, cents]) => ({ date, amount_cents: cents })),
  };
}
