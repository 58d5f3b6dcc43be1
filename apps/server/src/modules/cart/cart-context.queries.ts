import { and, eq, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { preparedForAny } from '../../platform/db/prepared-once.ts';
import { customerAccounts, organisations } from '../../platform/db/schema/index.ts';

const cartMerchant = alias(organisations, 'cart_merchant');
const cartCustomer = alias(organisations, 'cart_customer');

/** The columns of a cart's context, read from customer_accounts joined to its merchant and customer. */
const cartContextColumns = {
  merchant: {
    id: cartMerchant.id,
    title: cartMerchant.title,
    timeZone: cartMerchant.timeZone,
    gstRounding: cartMerchant.gstRounding,
  },
  account: {
    paymentTermsDays: customerAccounts.paymentTermsDays,
    isTaxExempt: customerAccounts.isTaxExempt,
    isPaymentsEnabled: customerAccounts.isPaymentsEnabled,
  },
  customer: {
    organisationId: cartCustomer.id,
    title: cartCustomer.title,
    abn: cartCustomer.abn,
    addressLine1: cartCustomer.addressLine1,
    addressLine2: cartCustomer.addressLine2,
    suburb: cartCustomer.suburb,
    state: cartCustomer.state,
    postcode: cartCustomer.postcode,
  },
};

/**
 * What pricing and placing a customer account's cart depend on besides the catalogue: the
 * merchant's rounding and time zone, the account's terms and exemption, the customer's name,
 * ABN and address (snapshotted on the order), whether the merchant tracks the account's payments
 * (an order's payment status). One query; placing reads it with the cart it locks.
 */
export async function findCartContext(db: Db, options: { merchantId: string; customerAccountId: string }) {
  const statement = preparedForAny(db, 'cart_context', (db, name) => selectCartContext(db).prepare(name));
  const [row] = await statement.execute({
    merchantId: options.merchantId,
    customerAccountId: options.customerAccountId,
  });
  return row;
}

function selectCartContext(db: Db) {
  return selectWithCartContext(db, {}).where(
    and(
      eq(customerAccounts.id, sql.placeholder('customerAccountId')),
      eq(customerAccounts.merchantId, sql.placeholder('merchantId')),
    ),
  );
}

/**
 * The context's columns and `more`, from customer_accounts joined to its merchant and customer:
 * the one shape both findCartContext and placing's cart lock (place-order.queries.ts) read.
 */
export function selectWithCartContext<More extends SelectedFields>(db: Db, more: More) {
  return db
    .select({ ...cartContextColumns, ...more })
    .from(customerAccounts)
    .innerJoin(cartMerchant, eq(cartMerchant.id, customerAccounts.merchantId))
    .innerJoin(cartCustomer, eq(cartCustomer.id, customerAccounts.customerOrganisationId))
    .$dynamic();
}

export type CartContext = NonNullable<Awaited<ReturnType<typeof findCartContext>>>;
