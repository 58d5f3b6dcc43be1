import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { customerAccounts, organisations } from '../../platform/db/schema/index.ts';

const merchantColumns = {
  id: organisations.id,
  title: organisations.title,
  image: organisations.image,
  slug: organisations.slug,
};

/** The merchants a customer organisation has an open account with, by title. */
export function listMerchantsOfCustomer(db: Db, customerOrganisationId: string) {
  return db
    .select(merchantColumns)
    .from(customerAccounts)
    .innerJoin(organisations, eq(organisations.id, customerAccounts.merchantId))
    .where(
      and(
        eq(customerAccounts.customerOrganisationId, customerOrganisationId),
        isNull(customerAccounts.archivedAt),
      ),
    )
    .orderBy(asc(organisations.title));
}

/** A customer organisation's open account with one merchant, beside the merchant. */
export async function findAccountWithMerchant(
  db: Db,
  options: { customerOrganisationId: string; merchantId: string },
) {
  const [row] = await db
    .select({ merchant: merchantColumns, account: customerAccounts })
    .from(customerAccounts)
    .innerJoin(organisations, eq(organisations.id, customerAccounts.merchantId))
    .where(
      and(
        eq(customerAccounts.customerOrganisationId, options.customerOrganisationId),
        eq(customerAccounts.merchantId, options.merchantId),
        isNull(customerAccounts.archivedAt),
      ),
    );
  return row;
}
