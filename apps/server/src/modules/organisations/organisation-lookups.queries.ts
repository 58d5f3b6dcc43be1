import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { organisations } from '../../platform/db/schema/index.ts';

/** An organisation's settings as the API answers them (OrganisationSettings). */
export const settingsColumns = {
  payments_enabled: organisations.paymentsEnabled,
  advanced_tax_enabled: organisations.advancedTaxEnabled,
  time_zone: organisations.timeZone,
  gst_rounding: organisations.gstRounding,
};

/** The features switched on for an organisation. */
export async function findOrganisationSettings(db: Db, organisationId: string) {
  const [row] = await db
    .select(settingsColumns)
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row;
}

/** A merchant's public face on its sign-in page, by slug. */
export async function findMerchantBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ title: organisations.title, image: organisations.image, slug: organisations.slug })
    .from(organisations)
    .where(and(eq(organisations.slug, slug.toLowerCase()), eq(organisations.kind, 'MERCHANT')));
  return row;
}
