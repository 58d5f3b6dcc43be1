import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { preparedForAny } from '../../platform/db/prepared-once.ts';
import { customerAccounts, organisations } from '../../platform/db/schema/index.ts';

const merchant = alias(organisations, 'cart_merchant');
const customer = alias(organisations, 'cart_customer');

/**
 * What pricing and placing a customer account's cart depend on besides the catalogue: the
 * merchant's rounding and time zone, the account's terms and exemption, the customer's name,
 * ABN and address (snapshotted on the order). One query.
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
  return db
    .select({
      merchant: {
        id: merchant.id,
        title: merchant.title,
        timeZone: merchant.timeZone,
        gstRounding: merchant.gstRounding,
      },
      account: {
        paymentTermsDays: customerAccounts.paymentTermsDays,
        isTaxExempt: customerAccounts.isTaxExempt,
      },
      customer: {
        organisationId: customer.id,
        title: customer.title,
        abn: customer.abn,
        addressLine1: customer.addressLine1,
        addressLine2: customer.addressLine2,
        suburb: customer.suburb,
        state: customer.state,
        postcode: customer.postcode,
      },
    })
    .from(customerAccounts)
    .innerJoin(merchant, eq(merchant.id, customerAccounts.merchantId))
    .innerJoin(customer, eq(customer.id, customerAccounts.customerOrganisationId))
    .where(
      and(
        eq(customerAccounts.id, sql.placeholder('customerAccountId')),
        eq(customerAccounts.merchantId, sql.placeholder('merchantId')),
      ),
    );
}

export type CartContext = NonNullable<Awaited<ReturnType<typeof findCartContext>>>;
