import {
  CART_DELIVERY_DATES,
  deliveryDates,
  deliveryFeeCents,
  deliveryMethodProblem,
} from '@tradeport/contract';
import type { Db } from '../../platform/db/client.ts';
import { listMethodsOfferedTo } from '../shipping/shipping-offers.queries.ts';
import type { OfferedMethod } from './cart-pricing.ts';

/**
 * The delivery methods offered to the account, each with its next dates from `now` in the
 * merchant's zone, and its fee and minimum as functions of the cart's subtotal: all by the
 * contract's shipping rules, which the screens use too.
 */
export async function listOfferedMethods(
  db: Db,
  options: { merchantId: string; customerAccountId: string; timeZone: string; now: Date },
): Promise<OfferedMethod[]> {
  const methods = await listMethodsOfferedTo(db, {
    merchantId: options.merchantId,
    customerAccountId: options.customerAccountId,
  });
  return methods.map((method) => ({
    id: method.id,
    name: method.name,
    kind: method.kind,
    minimum_order_cents: method.minimum_order_cents,
    dates: deliveryDates({
      method,
      now: options.now,
      timeZone: options.timeZone,
      count: CART_DELIVERY_DATES,
    }),
    feeFor: (subtotalCents) => deliveryFeeCents(method, subtotalCents),
    problemFor: (subtotalCents) => deliveryMethodProblem(method, subtotalCents),
  }));
}
