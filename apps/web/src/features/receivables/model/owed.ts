import { AGING_BUCKETS, type OutstandingOrder, type ReceivablesOverview } from '@tradeport/contract';

/** What is owed now, as the overview states it: the figures both overviews show. */
export type OwedFigures = Pick<
  ReceivablesOverview,
  'as_of' | 'outstanding_cents' | 'outstanding_count' | 'overdue_cents' | 'overdue_count' | 'aging'
>;

/**
 * A customer organisation's figures from its own outstanding invoices (the overview endpoint is
 * the merchant's): the same sums the server makes, bucket by bucket, from the rows it aged.
 */
export function owedFigures(orders: readonly OutstandingOrder[], asOf: string): OwedFigures {
  const aging = AGING_BUCKETS.map((bucket) => ({ bucket, amount_cents: 0, order_count: 0 }));
  const figures: OwedFigures = {
    as_of: asOf,
    outstanding_cents: 0,
    outstanding_count: 0,
    overdue_cents: 0,
    overdue_count: 0,
    aging,
  };
  for (const order of orders) {
    figures.outstanding_cents += order.outstanding_cents;
    figures.outstanding_count += 1;
    if (order.is_overdue) {
      figures.overdue_cents += order.outstanding_cents;
      figures.overdue_count += 1;
    }
    const bucket = aging.find((entry) => entry.bucket === order.aging_bucket)!;
    bucket.amount_cents += order.outstanding_cents;
    bucket.order_count += 1;
  }
  return figures;
}
