import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { organisations } from '../../platform/db/schema/index.ts';
import { settingsColumns } from './organisation-lookups.queries.ts';

/**
 * Switches a merchant's features; a value left undefined keeps its column. Answers the settings
 * after the change, or undefined when `merchantId` is no merchant. The details' `version` is left
 * alone: a switch is not an edit of the details, and must not make an open details form stale.
 */
export async function setMerchantSettings(
  db: Db,
  options: { merchantId: string; paymentsEnabled?: boolean; advancedTaxEnabled?: boolean; now: Date },
) {
  const [row] = await db
    .update(organisations)
    .set({
      paymentsEnabled: options.paymentsEnabled,
      advancedTaxEnabled: options.advancedTaxEnabled,
      updatedAt: options.now,
    })
    .where(and(eq(organisations.id, options.merchantId), eq(organisations.kind, 'MERCHANT')))
    .returning(settingsColumns);
  return row;
}
