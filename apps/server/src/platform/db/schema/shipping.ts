import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import {
  merchantId,
  merchantKey,
  merchantReference,
  namedListColumns,
  uniqueNamePerMerchant,
} from './merchant-columns.ts';
import { customerAccounts } from './organisations.ts';

export const shippingMethodKind = pgEnum('shipping_method_kind', ['DELIVERY', 'PICK_UP']);

/** A fee that applies from an order subtotal (ex GST) upwards; the highest band reached wins. */
export type StoredFeeBand = { from_subtotal_cents: number; fee_cents: number };

/**
 * A way a merchant gets orders to customers: a delivery run or a pick-up point. Its fee is fixed
 * (fee_cents) or by subtotal band, and nothing at or above free_above_cents; an order below
 * minimum_order_cents cannot use it. Deliveries happen on `weekdays` (ISO: 1 = Monday … 7 =
 * Sunday; empty = every day), the earliest `lead_days` after the order day, one day later when the
 * order comes after `cut_off_minutes` (minutes after midnight, in the merchant's time zone).
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    ...namedListColumns(),
    kind: shippingMethodKind().notNull().default('DELIVERY'),
    feeCents: bigint({ mode: 'number' }).notNull().default(0),
    feeBands: jsonb().$type<StoredFeeBand[]>().notNull().default([]),
    freeAboveCents: bigint({ mode: 'number' }),
    minimumOrderCents: bigint({ mode: 'number' }),
    weekdays: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    leadDays: integer().notNull().default(1),
    cutOffMinutes: integer(),
    /** Offered to every customer, or only to those assigned (shipping_method_customers). */
    isAvailableToAll: boolean().notNull().default(true),
    isActive: boolean().notNull().default(true),
  },
  (t) => [uniqueNamePerMerchant('shipping_methods_merchant_name_key', t), merchantKey('shipping_methods', t)],
);

/** The customers a method is offered to when it is not offered to all. */
export const shippingMethodCustomers = pgTable(
  'shipping_method_customers',
  {
    merchantId: merchantId(),
    shippingMethodId: uuid().notNull(),
    customerAccountId: uuid().notNull(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shippingMethodId, t.customerAccountId] }),
    index('shipping_method_customers_customer_idx').on(t.customerAccountId),
    merchantReference({
      name: 'shipping_method_customers_method_fk',
      columns: [t.merchantId, t.shippingMethodId],
      parent: shippingMethods,
      onDelete: 'cascade',
    }),
    merchantReference({
      name: 'shipping_method_customers_customer_account_fk',
      columns: [t.merchantId, t.customerAccountId],
      parent: customerAccounts,
      onDelete: 'cascade',
    }),
  ],
);
