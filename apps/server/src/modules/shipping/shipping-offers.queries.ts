import type { ShippingRules } from '@tradeport/contract';
import { and, asc, eq, exists, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { preparedForAny } from '../../platform/db/prepared-once.ts';
import { shippingMethodCustomers, shippingMethods } from '../../platform/db/schema/index.ts';

// Which delivery methods a customer account may choose: the cart offers these, placing an order
// accepts only these, and the merchant's customer screen lists them.

export type OfferedShippingMethod = ShippingRules & { id: string; name: string };

/** The columns a method's rules are read from, shared by every read of a method. */
export const shippingRuleColumns = {
  id: shippingMethods.id,
  name: shippingMethods.name,
  kind: shippingMethods.kind,
  feeCents: shippingMethods.feeCents,
  feeBands: shippingMethods.feeBands,
  freeAboveCents: shippingMethods.freeAboveCents,
  minimumOrderCents: shippingMethods.minimumOrderCents,
  weekdays: shippingMethods.weekdays,
  leadDays: shippingMethods.leadDays,
  cutOffMinutes: shippingMethods.cutOffMinutes,
};

type ShippingRuleRow = {
  id: string;
  name: string;
  kind: ShippingRules['kind'];
  feeCents: number;
  feeBands: ShippingRules['fee_bands'];
  freeAboveCents: number | null;
  minimumOrderCents: number | null;
  weekdays: number[];
  leadDays: number;
  cutOffMinutes: number | null;
};

/** A stored method as the contract's rules take it. */
export function toOfferedShippingMethod(row: ShippingRuleRow): OfferedShippingMethod {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    fee_cents: row.feeCents,
    fee_bands: row.feeBands,
    free_above_cents: row.freeAboveCents,
    minimum_order_cents: row.minimumOrderCents,
    weekdays: [...row.weekdays].sort((a, b) => a - b),
    lead_days: row.leadDays,
    cut_off_minutes: row.cutOffMinutes,
  };
}

/**
 * The active methods of `merchantId` offered to the customer account: those offered to every
 * customer and those assigned to it, by name. Callers look the account up as the merchant's first:
 * assignments are keyed per merchant, so another merchant's account is never assigned here.
 */
export async function listMethodsOfferedTo(
  db: Db,
  options: { merchantId: string; customerAccountId: string },
): Promise<OfferedShippingMethod[]> {
  const statement = preparedForAny(db, 'shipping_methods_offered', (db, name) =>
    selectMethodsOffered(db).prepare(name),
  );
  const rows = await statement.execute({
    merchantId: options.merchantId,
    customerAccountId: options.customerAccountId,
  });
  return rows.map(toOfferedShippingMethod);
}

function selectMethodsOffered(db: Db) {
  return db
    .select(shippingRuleColumns)
    .from(shippingMethods)
    .where(
      and(
        eq(shippingMethods.merchantId, sql.placeholder('merchantId')),
        eq(shippingMethods.isActive, true),
        or(
          eq(shippingMethods.isAvailableToAll, true),
          exists(
            db
              .select({ one: sql`1` })
              .from(shippingMethodCustomers)
              .where(
                and(
                  eq(shippingMethodCustomers.merchantId, sql.placeholder('merchantId')),
                  eq(shippingMethodCustomers.shippingMethodId, shippingMethods.id),
                  eq(shippingMethodCustomers.customerAccountId, sql.placeholder('customerAccountId')),
                ),
              ),
          ),
        ),
      ),
    )
    .orderBy(asc(sql`lower(${shippingMethods.name})`), asc(shippingMethods.id));
}
