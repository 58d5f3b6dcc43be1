import type { Db } from '../platform/db/client.ts';
import { shippingMethods } from '../platform/db/schema/index.ts';

/**
 * Harbourside Wholesale's delivery methods: a weekday run with a 2 pm cut-off, a fee that goes
 * away on bigger orders and a minimum, and free pick-up from the warehouse any day. Both are
 * offered to every customer. Part of the demo seed's one transaction, which runs only on an empty
 * database, so it is never inserted twice.
 */
export async function seedDemoDelivery(tx: Db, merchantId: string): Promise<void> {
  await tx.insert(shippingMethods).values([
    {
      merchantId,
      name: 'Weekday delivery',
      description: 'Our own vans, Monday to Friday. Order by 2 pm for delivery the next weekday.',
      kind: 'DELIVERY',
      feeCents: 1_500,
      freeAboveCents: 30_000,
      minimumOrderCents: 10_000,
      weekdays: [1, 2, 3, 4, 5],
      leadDays: 1,
      cutOffMinutes: 14 * 60,
    },
    {
      merchantId,
      name: 'Pick-up from warehouse',
      description: 'Collect from Unit 4, 19 Parramatta Road, Annandale.',
      kind: 'PICK_UP',
      feeCents: 0,
      weekdays: [],
      leadDays: 0,
      cutOffMinutes: null,
    },
  ]);
}
