import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { customerAccounts, memberships, organisations } from '../../platform/db/schema/index.ts';

export type OrganisationRow = typeof organisations.$inferSelect;

/** The details columns both merchants and customers have (organisations.mapping.ts builds them). */
export type OrganisationDetailsColumns = Pick<
  OrganisationRow,
  | 'title'
  | 'abn'
  | 'contactEmail'
  | 'phone'
  | 'addressLine1'
  | 'addressLine2'
  | 'suburb'
  | 'state'
  | 'postcode'
>;

/** Where a merchant's customers pay by bank transfer: all three set, or all three null. */
export type OrganisationBankAccountColumns = Pick<
  OrganisationRow,
  'bankAccountName' | 'bankBsb' | 'bankAccountNumber'
>;

/**
 * Every merchant has exactly one house customer: its own customer organisation, used to view and
 * order through the portal as a customer would.
 */
export async function createHouseAccount(tx: Db, merchant: { id: string; title: string; slug: string }) {
  const [house] = await tx
    .insert(organisations)
    .values({
      kind: 'CUSTOMER',
      title: `${merchant.title} (house account)`,
      slug: `${merchant.slug}-house-${randomUUID().slice(0, 8)}`,
    })
    .returning({ id: organisations.id });
  await tx.insert(customerAccounts).values({
    merchantId: merchant.id,
    customerOrganisationId: house!.id,
    isHouseAccount: true,
    isPaymentsEnabled: false,
  });
}

/** A new merchant with `adminUserId` as its Admin and its house customer, in the caller's transaction. */
export async function insertMerchant(
  tx: Db,
  options: { slug: string; details: OrganisationDetailsColumns; trialEnd: Date; adminUserId: string },
): Promise<OrganisationRow> {
  const [merchant] = await tx
    .insert(organisations)
    .values({ kind: 'MERCHANT', slug: options.slug, ...options.details, trialEnd: options.trialEnd })
    .returning();
  await tx.insert(memberships).values({
    userId: options.adminUserId,
    organisationId: merchant!.id,
    level: 'Admin',
    invitationAccepted: true,
  });
  await createHouseAccount(tx, merchant!);
  return merchant!;
}

export async function findOrganisation(db: Db, organisationId: string): Promise<OrganisationRow | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  return row;
}

/** The edit, if `version` is still the current one (and bumps it); undefined when stale. */
export async function updateOrganisationDetails(
  db: Db,
  options: {
    organisationId: string;
    version: number;
    details: OrganisationDetailsColumns;
    /** Undefined: left as it is. */
    bankAccount: OrganisationBankAccountColumns | undefined;
    slug: string;
    image: string | null;
    timeZone: string;
    gstRounding: OrganisationRow['gstRounding'];
    now: Date;
  },
): Promise<OrganisationRow | undefined> {
  const [row] = await db
    .update(organisations)
    .set({
      ...options.details,
      ...options.bankAccount,
      slug: options.slug,
      image: options.image,
      timeZone: options.timeZone,
      gstRounding: options.gstRounding,
      version: sql`${organisations.version} + 1`,
      updatedAt: options.now,
    })
    .where(and(eq(organisations.id, options.organisationId), eq(organisations.version, options.version)))
    .returning();
  return row;
}
