import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { OrganisationParams } from './organisations.ts';

// The merchant's home (issue 12): today at a glance. A customer's home reads what its own screens
// already read (its orders, what it owes, its cart's delivery), so it has no endpoint of its own.

/** The sales chart on the merchant's home: this many days, today included. */
export const HOME_SALES_DAYS = 30;

export const MerchantHome = z.object({
  /** The merchant's day, in its zone, that "today" and "yesterday" mean. */
  as_of: z.iso.date(),
  time_zone: z.string(),
  /** Orders waiting for the merchant: Processing, and On hold. */
  processing_count: z.number().int(),
  on_hold_count: z.number().int(),
  /** Orders to be delivered (or picked up) today and not yet completed or cancelled. */
  delivering_today_count: z.number().int(),
  /** Orders placed since the start of yesterday. */
  new_since_yesterday_count: z.number().int(),
  /** What tracked customers owe past its due date, now. */
  overdue_cents: z.number().int(),
  overdue_count: z.number().int(),
  /** Orders not cancelled, by the day placed, over the last HOME_SALES_DAYS days (today last). */
  sales: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    total_cents: z.number().int(),
    order_count: z.number().int(),
    by_day: z.array(
      z.object({ date: z.iso.date(), total_cents: z.number().int(), order_count: z.number().int() }),
    ),
  }),
});
export type MerchantHome = z.infer<typeof MerchantHome>;

export const getMerchantHome = defineEndpoint({
  method: 'GET',
  path: '/reports/{id}/home',
  summary: "The merchant's home: orders to process and deliver today, new orders, overdue, 30 days of sales",
  description:
    'Merchant members. Days are the merchant’s time zone’s. Sales are orders that are not cancelled, inc. GST, by the day they were placed.',
  tags: ['reports'],
  auth: 'user',
  params: OrganisationParams,
  response: MerchantHome,
});
